// The taps of a move half built, kept on this device with the game's version they were made at: a
// reload (or a phone put away) resumes at the next decision, never on another version's position.
const key = (game) => `banquise.path.${game}`;

export function keepPath(game, version, made) {
  localStorage.setItem(key(game), JSON.stringify({ version, made }));
}

export function keptPath(game) {
  try {
    const path = JSON.parse(localStorage.getItem(key(game)) || "null");
    return path && Number.isInteger(path.version) && Array.isArray(path.made) ? path : null;
  } catch {
    return null;
  }
}

export function forgetPath(game) {
  localStorage.removeItem(key(game));
}
