import { HELP_PAGE_SIZE, type HelpLine, type ModHelpAnswerResponse, type ModHelpResponse } from '@inkwell/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import { idCursor } from '../lib/id-cursor.ts';
import { type StaffCaller, staffName } from '../plugins/staff.ts';
import { helpPage, openHelpCount } from './help.repository.ts';
import { HelpAnswerError, type HelpService } from './help.service.ts';

/**
 * The members' help requests in the moderation console (issue 47, ADR 0110), for staff who manage
 * users: a page of them (open oldest first, answered newest first) with who asked, and an answer
 * through the same `answer` as the command line's `help:answer` — the request marked, the member told
 * in the app and by mail, the audit row under the caller's name, in one transaction.
 */
export function createConsoleHelp(db: Kysely<DB>, help: HelpService) {
  return {
    async page(status: 'open' | 'answered', cursor: string | undefined): Promise<ModHelpResponse> {
      const rows = await helpPage(db, { answered: status === 'answered', cursor: idCursor(cursor), limit: HELP_PAGE_SIZE + 1 });
      const page = rows.slice(0, HELP_PAGE_SIZE);
      const requests = page.map((r): HelpLine => ({
        id: r.id,
        status: r.status === 'answered' ? 'answered' : 'open',
        message: r.message,
        created_at: r.created_at,
        answer: r.answer,
        answered_at: r.answered_at,
        answered_by: r.status === 'answered' ? staffName(r.answerer_name, r.answerer_email, r.answered_by) : null,
        member: { id: r.member_id, name: r.member_name, address: r.member_email },
      }));
      return { requests, next_cursor: rows.length > HELP_PAGE_SIZE ? String(page.at(-1)!.id) : null, open_count: await openHelpCount(db) };
    },

    /** 404 without the request, 409 when answered already, 422 when the answer cannot be sent. */
    async answer(staff: StaffCaller, body: { id: number; answer: string }): Promise<ModHelpAnswerResponse> {
      try {
        await help.answer(body.id, body.answer, { id: staff.id, name: staff.name });
        return { message: `Help request ${body.id} answered: the member reads it under Help in their notifications.` };
      } catch (err) {
        if (!(err instanceof HelpAnswerError)) throw err;
        if (err.kind === 'missing') throw notFound(err.message);
        if (err.kind === 'conflict') throw conflict(err.message);
        throw validationError({ answer: [err.message] });
      }
    },
  };
}
