// Every function and class of the pages' ES modules with its length in lines, as TypeScript's own parser
// reads them (tests/test_code_shape.py holds them to the Python limits): `node js_functions.cjs TYPESCRIPT
// FILE...` prints one JSON array of {file, kind, name, line, lines}.
const fs = require("fs");
const ts = require(process.argv[2]);

function nameOf(node, source) {
  if (node.name && node.name.getText) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return "(anonymous)";
}

const found = [];
for (const file of process.argv.slice(3)) {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const visit = (node) => {
    const kind = ts.isClassLike(node) ? "class" : ts.isFunctionLike(node) && node.body ? "function" : null;
    if (kind) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, kind, name: nameOf(node, source), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (source.parseDiagnostics && source.parseDiagnostics.length) {
    found.push({ file, name: "(syntax error)", line: 0, lines: 0, error: source.parseDiagnostics[0].messageText });
  }
}
process.stdout.write(JSON.stringify(found));
