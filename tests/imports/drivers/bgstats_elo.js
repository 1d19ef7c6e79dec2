// Runs a BG Stats backup reader that rates players (its ratePlayers(exportPath)) and prints its result as
// JSON on the last line. Usage: node bgstats_elo.js READER_DIR BACKUP
const path = require("path");
const { ratePlayers } = require(path.resolve(process.argv[2], "dist/src/index.js"));
ratePlayers({ exportPath: process.argv[3] }).then((out) => {
  process.stdout.write("\n" + JSON.stringify(out) + "\n");
});
