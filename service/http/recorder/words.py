"""The recorder's own words in English, French and Spanish (the start page and a game's page): the page
says everything in the table's language, chosen by the browser's or on the page. The game's words come
from its plug-in (``GET /kinds``: a board's vocabulary, the setup form's labels; ``POST /moves/next``:
the decisions); the viewer's words (``viewer/words.py``) are shared."""

from __future__ import annotations

RECORDER_WORDS: dict[str, tuple[str, str, str]] = {
    "recorder": ("recorder", "enregistreur", "grabadora"),
    "title": ("Banquise recorder", "Enregistreur Banquise", "Grabadora Banquise"),
    "loading": ("Loading…", "Chargement…", "Cargando…"),
    "online": ("online", "en ligne", "en línea"),
    "offline": ("offline", "hors ligne", "sin conexión"),
    "viewer": ("Viewer", "Visionneuse", "Visor"),
    "unreadable": (
        "This game could not be read (offline, and never opened on this device).",
        "Cette partie n'a pas pu être lue (hors ligne, et jamais ouverte sur cet appareil).",
        "No se pudo leer esta partida (sin conexión, y nunca abierta en este dispositivo).",
    ),
    "pending": (
        "{n} move(s) pending — {how}",
        "{n} coup(s) en attente — {how}",
        "{n} jugada(s) pendiente(s) — {how}",
    ),
    "sending": ("sending…", "envoi…", "enviando…"),
    "sent_later": (
        "sent when the network is back",
        "envoyés au retour du réseau",
        "se enviarán cuando vuelva la red",
    ),
    "all_stored": ("Every move is stored.", "Tous les coups sont enregistrés.", "Todas las jugadas están guardadas."),
    "starts": ("{player} starts.", "{player} commence.", "Empieza {player}."),
    "refused_here": (
        "Not recorded: the rules refuse it ({code}): {detail}",
        "Non enregistré : la règle le refuse ({code}) : {detail}",
        "No se grabó: la regla lo rechaza ({code}): {detail}",
    ),
    "queued_refused": (
        "A queued move is refused by the rules: {detail}",
        "Un coup en attente est refusé par la règle : {detail}",
        "La regla rechaza una jugada pendiente: {detail}",
    ),
    "board_failed": (
        "The board could not be drawn.",
        "Le plateau n'a pas pu être dessiné.",
        "No se pudo dibujar el tablero.",
    ),
    "board_empty": ("Nothing on the table yet.", "Rien sur la table pour l'instant.", "Aún no hay nada en la mesa."),
    "board_later": (
        "The board comes back with the network.",
        "Le plateau revient avec le réseau.",
        "El tablero vuelve con la red.",
    ),
    # the decision being built (choices.js)
    "now": ("Now", "Maintenant", "Ahora"),
    "now_engine": (
        "Now (offline: decided by the rules on this device)",
        "Maintenant (hors ligne : décidé par la règle sur cet appareil)",
        "Ahora (sin conexión: lo decide la regla en este dispositivo)",
    ),
    "now_waiting": ("Now (sending…)", "Maintenant (envoi…)", "Ahora (enviando…)"),
    "now_offline": ("Now (offline)", "Maintenant (hors ligne)", "Ahora (sin conexión)"),
    "game_over_nothing": (
        "Nothing more to record: the game is over.",
        "Plus rien à enregistrer : la partie est finie.",
        "Nada más que grabar: la partida ha terminado.",
    ),
    "next_with_answer": (
        "The next decision comes with the server's answer.",
        "La prochaine décision arrive avec la réponse du serveur.",
        "La próxima decisión llega con la respuesta del servidor.",
    ),
    "offline_no_engine": (
        "Offline: moves are built by the rules on this device (tick the box below while online to keep them here).",
        "Hors ligne : les coups sont construits par la règle sur cet appareil (cochez la case ci-dessous en ligne "
        "pour la garder ici).",
        "Sin conexión: las jugadas las construye la regla en este dispositivo (marque la casilla de abajo con "
        "conexión para guardarla aquí).",
    ),
    "decided": ("Decided so far", "Décidé jusqu'ici", "Decidido hasta ahora"),
    "narrow_first": (
        "{n} options: narrow them first",
        "{n} possibilités : à affiner d'abord",
        "{n} opciones: primero acótelas",
    ),
    "back": ("Back", "Retour", "Atrás"),
    "cancel_move": ("Cancel this move", "Annuler ce coup", "Cancelar esta jugada"),
    # corrections (controls.js)
    "corrections": ("Corrections", "Corrections", "Correcciones"),
    "undo": ("Undo last move", "Annuler le dernier coup", "Deshacer la última jugada"),
    "drop_queued": (
        "Drop the last queued move (never sent)?",
        "Retirer le dernier coup en attente (jamais envoyé) ?",
        "¿Quitar la última jugada pendiente (nunca enviada)?",
    ),
    "take_back": ("Take back the last move?", "Reprendre le dernier coup ?", "¿Deshacer la última jugada?"),
    "abandon": ("Abandon", "Abandonner", "Abandonar"),
    "abandon_question": (
        "Abandon this game? It takes no more moves and never counts.",
        "Abandonner cette partie ? Elle ne prend plus de coup et ne compte jamais.",
        "¿Abandonar esta partida? No admite más jugadas y nunca cuenta.",
    ),
    "why": ("Why (stored with the game)", "Pourquoi (gardé avec la partie)", "Por qué (se guarda con la partida)"),
    "abandoned_at_table": ("abandoned at the table", "abandonnée à la table", "abandonada en la mesa"),
    "yes": ("Yes", "Oui", "Sí"),
    "no": ("No", "Non", "No"),
    # a stopped queue (conflict.js)
    "moved_on": (
        "The game moved on elsewhere (another device recorded a move, or took one back).",
        "La partie a avancé ailleurs (un autre appareil a enregistré ou repris un coup).",
        "La partida avanzó en otro lugar (otro dispositivo grabó o deshizo una jugada).",
    ),
    "rules_refused": (
        "The rules refused a queued move: {said}",
        "La règle a refusé un coup en attente : {said}",
        "La regla rechazó una jugada pendiente: {said}",
    ),
    "server_refused": (
        "The server refused a queued move: {said}",
        "Le serveur a refusé un coup en attente : {said}",
        "El servidor rechazó una jugada pendiente: {said}",
    ),
    "sending_stopped": ("Sending stopped", "Envoi arrêté", "Envío detenido"),
    "on_server": ("On the server", "Sur le serveur", "En el servidor"),
    "nothing_new": (
        "Nothing new after your last read.",
        "Rien de nouveau depuis votre dernière lecture.",
        "Nada nuevo desde su última lectura.",
    ),
    "queued_here": ("Queued here", "En attente ici", "Pendientes aquí"),
    "keep_server": (
        "Keep the server's, drop mine from here",
        "Garder ceux du serveur, retirer les miens à partir d'ici",
        "Quedarse con las del servidor, quitar las mías desde aquí",
    ),
    "retry": ("Retry", "Réessayer", "Reintentar"),
    # the key (key.js)
    "api_key": ("API key", "Clé d'API", "Clave de API"),
    "key_kept": (
        "API key kept on this device.",
        "Clé d'API gardée sur cet appareil.",
        "Clave de API guardada en este dispositivo.",
    ),
    "forget_key": ("Forget the key", "Oublier la clé", "Olvidar la clave"),
    "key_label": (
        "API key (kept on this device only)",
        "Clé d'API (gardée sur cet appareil seulement)",
        "Clave de API (solo se guarda en este dispositivo)",
    ),
    "keep_key": ("Keep the key", "Garder la clé", "Guardar la clave"),
    # the rules on the device (engine-choice.js)
    "engine_box": (
        "Check moves offline with the rules on this device (about 14 MB, once)",
        "Vérifier les coups hors ligne avec la règle sur cet appareil (environ 14 Mo, une fois)",
        "Comprobar las jugadas sin conexión con la regla en este dispositivo (unos 14 MB, una vez)",
    ),
    "engine_loading": (" — loading…", " — chargement…", " — cargando…"),
    "engine_ready": (" — ready", " — prête", " — lista"),
    "engine_missing": (
        " — not available: this server has no engine installed (moves are checked by the server as they are sent)",
        " — indisponible : ce serveur n'a pas de moteur installé (le serveur vérifie les coups à leur envoi)",
        " — no disponible: este servidor no tiene motor instalado (el servidor comprueba las jugadas al enviarlas)",
    ),
    "engine_failed": (
        " — did not load on this device (moves are checked by the server as they are sent)",
        " — ne s'est pas chargée sur cet appareil (le serveur vérifie les coups à leur envoi)",
        " — no se cargó en este dispositivo (el servidor comprueba las jugadas al enviarlas)",
    ),
    # the timeline (timeline.js)
    "taken_back_step": ("taken back (step {n})", "annulé (étape {n})", "deshecho (paso {n})"),
    "pending_tag": ("pending", "en attente", "pendiente"),
    # the start page (start.js)
    "record_at_table": (
        "Record a game at the table",
        "Enregistrer une partie à la table",
        "Grabar una partida en la mesa",
    ),
    "game": ("Game", "Jeu", "Juego"),
    "players_in_order": (
        "Players, in seat order",
        "Joueurs, dans l'ordre des places",
        "Jugadores, en orden de asiento",
    ),
    "seat_n": ("Seat {n}", "Place {n}", "Asiento {n}"),
    "named_seat": ("{name} (seat {n})", "{name} (place {n})", "{name} (asiento {n})"),
    "seat_up": ("Move seat {n} up", "Monter la place {n}", "Subir el asiento {n}"),
    "seat_down": ("Move seat {n} down", "Descendre la place {n}", "Bajar el asiento {n}"),
    "add_player": ("Add a player", "Ajouter un joueur", "Añadir un jugador"),
    "remove_player": ("Remove the last", "Retirer le dernier", "Quitar el último"),
    "who_starts": ("Who starts", "Qui commence", "Quién empieza"),
    "drawn_by_seed": ("Drawn by the seed", "Tiré par la graine", "Sorteado por la semilla"),
    "tags": (
        "Tags (name:value, comma separated)",
        "Étiquettes (nom:valeur, séparées par des virgules)",
        "Etiquetas (nombre:valor, separadas por comas)",
    ),
    "started_at": ("Started at", "Commencée à", "Empezó a las"),
    "start_recording": ("Start recording", "Commencer l'enregistrement", "Empezar a grabar"),
    "version_n": ("{label} (version {v})", "{label} (version {v})", "{label} (versión {v})"),
    # a seat's hand named on the start page (hands.js)
    "hand_of": (
        "Hand of {player}: {n} of {count}",
        "Main de {player} : {n} sur {count}",
        "Mano de {player}: {n} de {count}",
    ),
    "find_card": (
        "Find a card: name or number",
        "Trouver une carte : nom ou numéro",
        "Buscar una carta: nombre o número",
    ),
    "remove_card": ("Remove {card}", "Retirer {card}", "Quitar {card}"),
    "all_cards": ("All the cards", "Toutes les cartes", "Todas las cartas"),
    "no_card_found": ("No card is called so.", "Aucune carte ne s'appelle ainsi.", "Ninguna carta se llama así."),
    "hands_needed": (
        "Name every seat's hand first.",
        "Nommez d'abord la main de chaque place.",
        "Nombre primero la mano de cada asiento.",
    ),
}
