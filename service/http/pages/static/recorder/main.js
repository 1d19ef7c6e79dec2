// The recorder's entry: which page the address asks for, and the service worker that keeps it offline.
import { recordPage } from "./record.js";
import { startPage } from "./start.js";

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/recorder/sw.js", { scope: "/" }).catch(() => { /* online only, then */ });
}

const app = document.getElementById("app");
const game = /^\/games\/([0-9a-f-]{36})\/recorder\/?$/.exec(location.pathname);
if (game) recordPage(app, game[1]);
else startPage(app);
