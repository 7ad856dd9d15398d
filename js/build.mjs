// Builds the page's front end (src/) into the app's Voilà template:
//   npm ci && npm run build
// Each built file opens with the hash of what it was built from (the sources and the lock file),
// which tests/test_front_end.py checks, so that a change to the sources without a build fails.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";

const OUT = "../piquet_widgets/app/jupyter/voila/templates/piquet/static/";

/** The hash of the sources and the lock file, in the order the test reads them. */
function sourceHash() {
  const hash = createHash("sha256");
  const files = ["package-lock.json", "build.mjs", ...readdirSync("src").sort().map((name) => `src/${name}`)];
  for (const file of files) hash.update(file + "\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

const result = await build({
  entryPoints: { "piquet-page": "src/page.js" },
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  legalComments: "none",
  loader: { ".woff": "dataurl", ".woff2": "dataurl", ".svg": "dataurl" },
  alias: { "sanitize-html": "./src/escaped-description.js" },
  write: false,
  outdir: OUT,
});
const stamp = `/* built from sources ${sourceHash()} */\n`;
for (const file of result.outputFiles) writeFileSync(file.path, stamp + file.text);
console.log(result.outputFiles.map((file) => `${file.path.split("/").pop()} ${file.contents.length} bytes`).join("\n"));
