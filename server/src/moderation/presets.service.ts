import type { Kysely } from 'kysely';
import { type AuditActor, audit } from '../audit/audit.ts';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { CaseError } from './case-error.ts';
import { deletePreset, listPresets, presetText, putPreset } from './presets.repository.ts';

/** The longest preset (a decision's note, preset and the moderator's words together, has the same bound: decisions.service.ts). */
export const PRESET_MAX = 2000;

/** A preset's name: a short slug ('spam-link', 'off-topic'). */
const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

export { presetText };

/**
 * Statement presets (issue 47, ADR 0102): the words moderators decide with most often, by a short name,
 * so that a decision starts from them (`case:resolve … --preset NAME`, the moderator's own words after
 * them). Set (made or replaced) and removed by staff, each with its audit row; a case keeps the words it
 * was decided with.
 */
export function createPresets(db: Kysely<DB>) {
  return {
    list: () => listPresets(db),

    async set(name: string, textGiven: string, by: AuditActor): Promise<'made' | 'changed'> {
      if (!NAME.test(name)) throw new CaseError('A preset’s name is a short word of small letters, digits and dashes (spam-link).');
      const text = textGiven.replace(/\s+/g, ' ').trim();
      if (text === '') throw new CaseError('A preset needs its words (--text).');
      if (text.length > PRESET_MAX) throw new CaseError(`A preset may not be longer than ${PRESET_MAX} characters.`);
      return db.transaction().execute(async (trx) => {
        const before = await presetText(trx, name);
        await putPreset(trx, name, text, nowIso(), before !== undefined);
        await audit(trx, {
          actor: by,
          action: 'preset.set',
          target: { kind: 'preset', label: name },
          ...(before === undefined ? {} : { before: { text: before } }),
          after: { text },
        });
        return before === undefined ? 'made' : 'changed';
      });
    },

    async remove(name: string, by: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const gone = await deletePreset(trx, name);
        if (gone === undefined) throw new CaseError(`There is no preset ${name}.`);
        await audit(trx, { actor: by, action: 'preset.remove', target: { kind: 'preset', label: name }, before: { text: gone } });
      });
    },
  };
}
