// Stops a command on a Node older than the one Inkwell needs, in one line: the Node found, the one
// needed and the command that fixes it. Run first by `npm start`, `npm test` and the other scripts
// that run the TypeScript sources (Node 24's type stripping; an older Node fails on them with a
// riddle such as ERR_UNKNOWN_FILE_EXTENSION). `npm install` and `npm ci` stop earlier still, before
// fetching anything, through .npmrc's engine-strict. The version needed is package.json's
// engines.node, written nowhere else. Plain CommonJS in old syntax (var, no arrows, no template
// strings), so that any Node parses it, however old.
'use strict';

var fs = require('fs');
var path = require('path');

var root = path.join(__dirname, '..');
var range = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;

/** [major, minor, patch] of "v20.11.1", "20", ">=24" or ">=24.11": the first version written, zeros for what is left out. */
function versionOf(text) {
  var match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  if (!match) throw new Error('scripts/check-node.cjs: no version in "' + text + '"');
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

function older(found, needed) {
  for (var i = 0; i < 3; i += 1) {
    if (found[i] !== needed[i]) return found[i] < needed[i];
  }
  return false;
}

// engines.node is a lower bound (">=24"): the first version in it is the oldest Node that will do.
var needed = versionOf(range);
if (older(versionOf(process.version), needed)) {
  process.stderr.write(
    'Inkwell needs Node ' + needed[0] + ' LTS (package.json engines: ' + range + '), but this is Node ' + process.version + ' (' + process.execPath + '): ' +
      'run `source scripts/node24.sh` (with nvm: `nvm install`, which reads .nvmrc), then the command again.\n'
  );
  process.exit(1);
}
