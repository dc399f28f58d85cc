import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { BULK_RESOLVE_MAX, type CaseDecisionName, paths } from '@inkwell/contract';
import type { CaseLine, ModResolveResponse } from '@inkwell/contract/schemas';
import { Button } from '../../../../components/Button';
import { useFormEcho } from '../../../../lib/form-echo';
import { useHydrating } from '../../../../lib/use-hydrating';
import { type CaseFilter, useResolveCases } from '../../api/console';
import { CaseRow } from './CaseRow';
import { problemOf } from './ConsoleBits';
import { fieldErrorsOf, h2Class } from './CaseParts';
import { type DecisionField, DecisionFields, FieldError, decisionOf } from './DecisionFields';
import { DecisionResult } from './DecisionResult';

type Errors = Partial<Record<DecisionField | 'ids', string>>;

const checkboxesOf = (form: HTMLFormElement | null) => [...(form?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="ids"]') ?? [])];

/** The result a plain form's echo carries when only some cases were decided: its message and the cases not decided (JSON), or null. */
function resultOf(message: string | null, refused: string | undefined): ModResolveResponse | null {
  if (!message || !refused) return null;
  try {
    const parsed: unknown = JSON.parse(refused);
    if (!Array.isArray(parsed)) return null;
    const cases = parsed.filter((r): r is { id: number; message: string } => typeof r?.id === 'number' && typeof r?.message === 'string');
    return { message, decided: [], refused: cases };
  } catch {
    return null;
  }
}

interface BulkDecisionProps {
  filter: CaseFilter;
  cases: CaseLine[];
  decisions: readonly CaseDecisionName[];
  rules: ReadonlyArray<{ id: number; number: number; title: string }>;
  /** "Load more", under the list. */
  more: ReactNode;
}

/**
 * The open queue as one form (a spam wave is decided at once): a checkbox per case, one decision for
 * the cases ticked. A plain form posting to the queue's own address (the server decides through the
 * same API and comes back here); with the app running, sent from here, the answer's message and each
 * case not decided shown, and the queue read again.
 */
export function BulkDecision({ filter, cases, decisions, rules, more }: BulkDecisionProps) {
  const echo = useFormEcho();
  const hydrating = useHydrating();
  const send = useResolveCases();
  const formRef = useRef<HTMLFormElement>(null);
  const [echoed] = useState(
    () =>
      new Set(
        (echo.values.ids ?? '')
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number),
      ),
  );
  const [selected, setSelected] = useState(() => cases.filter((c) => echoed.has(c.id)).length);
  const [errors, setErrors] = useState<Errors>(echo.errors);
  // A plain form some of whose cases were decided comes back with those not decided (`refused`): a result, not an error.
  const [echoedResult] = useState(() => resultOf(echo.message, echo.values.refused));
  const [problem, setProblem] = useState<string | null>(echoedResult ? null : echo.message);
  const [result, setResult] = useState<ModResolveResponse | null>(echoedResult);
  const headingId = useId();
  const errorId = useId();
  const idsErrorId = useId();

  const count = () => setSelected(checkboxesOf(formRef.current).filter((box) => box.checked).length);
  const selectAll = (checked: boolean) => {
    for (const box of checkboxesOf(formRef.current)) box.checked = checked;
    count();
  };
  const all = selected > 0 && selected === cases.length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const ids = checkboxesOf(form)
      .filter((box) => box.checked)
      .map((box) => Number(box.value));
    const decision = decisionOf(form, ids);
    const local: Errors = {
      ...(ids.length === 0 ? { ids: 'Choose the cases to decide.' } : ids.length > BULK_RESOLVE_MAX ? { ids: `At most ${BULK_RESOLVE_MAX} cases can be decided at once.` } : {}),
      ...('error' in decision ? { decision: decision.error } : {}),
    };
    setResult(null);
    setProblem(null);
    setErrors(local);
    if ('error' in decision || Object.keys(local).length > 0) return;
    send.mutate(decision, {
      onSuccess: (answer) => {
        setResult(answer);
        form.reset();
        setSelected(0);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setProblem(problemOf(error, 'The cases could not be decided. Please try again.'));
      },
    });
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={paths.mod.getHref(filter)}
      onSubmit={submit}
      onChange={count}
      noValidate
      aria-describedby={problem ? errorId : undefined}
      className="mt-2"
    >
      {!hydrating && (
        <div className="flex flex-wrap items-center gap-x-3 py-3 text-sm">
          <label className="flex cursor-pointer items-center gap-3 font-medium text-zinc-800 dark:text-zinc-200">
            <input type="checkbox" checked={all} onChange={(event) => selectAll(event.target.checked)} className="size-5 cursor-pointer accent-indigo-700 dark:accent-indigo-400" />
            Select all on this page
          </label>
          <span className="text-zinc-600 dark:text-zinc-400">{selected} selected</span>
        </div>
      )}
      <ul aria-label="Open cases" className="border-t border-zinc-200 dark:border-zinc-800">
        {cases.map((line) => (
          <CaseRow key={line.id} line={line} selectable selected={echoed.has(line.id)} />
        ))}
      </ul>
      {more}
      <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
        <h2 id={headingId} className={h2Class}>
          Decide the selected cases
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          One decision for every case ticked above, each decided on its own: a case that cannot take it is left open and named.
        </p>
        <div className="mt-5">
          <DecisionFields decisions={decisions} rules={rules} values={echo.values} errors={errors} />
        </div>
        <FieldError id={idsErrorId} error={errors.ids} />
        {problem && (
          <p id={errorId} role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
        {result && <DecisionResult result={result} className="mt-4" />}
        <Button type="submit" className="mt-6 w-full sm:w-auto" busy={send.isPending}>
          Decide selected
        </Button>
      </section>
    </form>
  );
}
