import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, PLAIN_CODE, codeLanguageId } from './code-languages.ts';

describe('code languages', () => {
  it('names each language once, by its id or one of its aliases', () => {
    const names = CODE_LANGUAGES.flatMap((language) => [language.id, ...language.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name, name).toMatch(/^[a-z0-9+#._-]{1,30}$/);
  });

  it('reads ids and aliases in any case as the id; plain text as plain; anything else as unknown', () => {
    expect(codeLanguageId('python')).toBe('python');
    expect(codeLanguageId(' PY ')).toBe('python');
    expect(codeLanguageId('c++')).toBe('cpp');
    expect(codeLanguageId('C#')).toBe('csharp');
    expect(codeLanguageId('html')).toBe('xml');
    expect(codeLanguageId('shell')).toBe('bash');
    expect(codeLanguageId('txt')).toBe(PLAIN_CODE);
    expect(codeLanguageId('haskell')).toBeNull();
    expect(codeLanguageId('')).toBeNull();
    expect(codeLanguageId(null)).toBeNull();
  });
});
