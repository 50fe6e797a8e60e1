// The core's rule on the acting party (decision 147): every exported function of app/domain that
// takes the database either takes the acting party or is, by its name, a building block or a job of
// the system. Read from the syntax alone (no type checker: one file at a time, in milliseconds).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** A parameter's type naming one of these is the acting party (a signed-in or API user, a viewer, the system). */
const ACTOR_TYPE = /\b(SessionUser|Viewer|\w+Viewer|Actor|\w+Actor)\b/;
/** The acting user's id, where a caller only has that (e.g. a join on the actor's seat). */
const ACTOR_NAME = /^(actor|actorId)$/;
/**
 * Unexecuted statements for a caller's own batch: the caller that executes them has checked the actor
 * (the codebase's naming since the batching issues: `…Query`, `…Statements`, `…Insert`, `…Delete`).
 */
const BUILDING_BLOCK = /(Query|Queries|Statement|Statements|Insert|Inserts|Update|Delete)$/;

export type CoreFunction = { file: string; name: string; params: { name: string; type: string }[] };

function sourceFiles(dir: string, found: string[] = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** Every exported function (declarations and `export const f = (...) =>`) of one file's text. */
export function exportedFunctions(file: string, text: string): CoreFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: CoreFunction[] = [];
  const add = (name: string, params: ts.NodeArray<ts.ParameterDeclaration>) =>
    found.push({
      file,
      name,
      params: params.map((p) => ({ name: p.name.getText(source), type: p.type?.getText(source) ?? "" })),
    });
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) add(statement.name.text, statement.parameters);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
          add(declaration.name.getText(source), init.parameters);
      }
    }
  }
  return found;
}

const touchesData = (fn: CoreFunction) => fn.params.some((p) => /\bDatabase\b/.test(p.type));
const takesActor = (fn: CoreFunction) => fn.params.some((p) => ACTOR_TYPE.test(p.type) || ACTOR_NAME.test(p.name));

/** Exported core functions that read or write data with no acting party and no internal name. */
export function functionsWithoutActor(files: { file: string; text: string }[]): CoreFunction[] {
  return files
    .flatMap(({ file, text }) => exportedFunctions(file, text))
    .filter((fn) => touchesData(fn) && !takesActor(fn) && !BUILDING_BLOCK.test(fn.name));
}

/** The same over the files under `root` (app/domain), named relative to it. */
export function coreFunctionsWithoutActor(root: string): CoreFunction[] {
  const files = sourceFiles(root).map((path) => ({ file: relative(root, path), text: readFileSync(path, "utf8") }));
  return functionsWithoutActor(files);
}
