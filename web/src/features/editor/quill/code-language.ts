/**
 * A language select on each code block of the editor (Quill's own UI node, `ql-ui`, never part of the
 * post): 'Auto-detect' (the server guesses), 'Plain text', or one of contract's CODE_LANGUAGES. The
 * choice is the block's `data-language`, which the server highlights in.
 */
import Quill from 'quill';
import { CODE_LANGUAGES, PLAIN_CODE } from '@inkwell/contract';
import { LanguageCodeContainer, showLanguage } from './blots';

function languageSelect(): HTMLSelectElement {
  const select = document.createElement('select');
  select.setAttribute('aria-label', 'Code language');
  select.title = 'Code language';
  const options: [string, string][] = [['', 'Auto-detect'], [PLAIN_CODE, 'Plain text'], ...CODE_LANGUAGES.map((language): [string, string] => [language.id, language.label])];
  for (const [value, label] of options) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = label;
    select.append(option);
  }
  return select;
}

/** Gives every code block that arrives in the editor its select (call before any content is set). */
export function attachLanguageSelects(quill: Quill): void {
  quill.on(Quill.events.SCROLL_BLOT_MOUNT, (blot: unknown) => {
    if (!(blot instanceof LanguageCodeContainer) || blot.uiNode) return;
    const select = languageSelect();
    showLanguage(select, blot.language() ?? '');
    // Keys in the select are the select's: Quill's keyboard (on the editor) never sees them.
    select.addEventListener('keydown', (event) => event.stopPropagation());
    select.addEventListener('change', () => {
      const index = quill.getIndex(blot);
      quill.formatLine(index, blot.length(), 'code-block', select.value || true, Quill.sources.USER);
    });
    blot.attachUI(select);
  });
}
