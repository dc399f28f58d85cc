import { type Plugin, parseSync } from 'vite';

const SCHEMA_MODULE = /[\\/]contract[\\/]src[\\/]schemas[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: Statement | null;
  declarations?: Declarator[];
}

/**
 * The contract's schema modules also export plain constants a page needs at once (NAME_MAX,
 * COMMENT_MAX_LENGTH, SEARCH_QUERY_MAX…). Importing one would keep every zod call of its module (a
 * call may have effects, so the bundler keeps it), and zod with them. This marks each top-level
 * declaration that is made by a call as pure, `/* @__PURE__ *\/ (() => (…))()`, so what a page does not
 * use is left out of its chunks. Nothing else changes: what is kept runs as before, in the same order.
 */
export function pureContractSchemas(): Plugin {
  return {
    name: 'inkwell:pure-contract-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SCHEMA_MODULE.test(id)) return null;
      const { program } = parseSync(id, code, { lang: 'ts' }) as unknown as { program: { body: Statement[] } };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          const made = init && !/Function/.test(init.type) && code.slice(init.start, init.end).includes('(');
          if (made) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
      }
      // Code is only wrapped where it stands, never moved: the module's source map still holds.
      return { code: out, map: null };
    },
  };
}
