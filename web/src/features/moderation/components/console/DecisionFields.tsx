import { useId, useState } from 'react';
import { CASE_DECISIONS, CASE_DECISION_LABELS, type CaseDecisionName, DECISION_DURATIONS, type DecisionDuration, TIMED_DECISIONS } from '@inkwell/contract';
import { inputClass } from '../../../../components/TextField';
import { DECISION_NOTE_MAX, type Decision } from '../../api/console';
import { ChoiceCards } from './ConsoleBits';

/** The fields of a decision, by their names in the form (and the API's errors). */
export type DecisionField = 'decision' | 'for' | 'rule_id' | 'preset' | 'note';

/** A field's error under it: the id its input names (aria-describedby), nothing when there is none. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}

/**
 * The decision a form holds, as the app sends it (the same fields the plain form posts); without a
 * decision chosen, the error to show under the choice.
 */
export function decisionOf(form: HTMLFormElement, ids: number[]): Decision | { error: string } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const decision = text('decision');
  if (!(CASE_DECISIONS as readonly string[]).includes(decision)) return { error: 'Choose a decision.' };
  const duration = text('for');
  return {
    ids,
    decision: decision as CaseDecisionName,
    for: duration in DECISION_DURATIONS ? (duration as DecisionDuration) : '',
    ruleId: text('rule_id'),
    preset: text('preset'),
    note: text('note'),
  };
}

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

export const labelClass = 'block text-sm font-semibold text-zinc-900 dark:text-zinc-100';
export const hintClass = 'mt-1.5 text-xs leading-5 text-zinc-600 dark:text-zinc-400';

const DURATIONS = Object.entries(DECISION_DURATIONS) as Array<[DecisionDuration, string]>;
const TIMED_WORDS = TIMED_DECISIONS.map((d) => CASE_DECISION_LABELS[d]).join(', ');

interface DecisionFieldsProps {
  /** The decisions offered, in the contract's order. */
  decisions: readonly CaseDecisionName[];
  /** The server's rules, to name the one broken. */
  rules: ReadonlyArray<{ id: number; number: number; title: string }>;
  /** The moderators' ready words (none on the queue when none are at hand: no field). */
  presets?: ReadonlyArray<{ name: string; text: string }>;
  /** What the fields start with (a refused plain form's echo). */
  values: Readonly<Record<string, string | undefined>>;
  errors: Readonly<Partial<Record<DecisionField, string>>>;
}

/**
 * The fields of a decision, the same on the queue's bulk form and a case's form: the decision (only
 * those offered), how long it lasts, the rule broken, a preset to start from and the note. Plain named
 * fields: the form posts them as they are before the app's scripts run, and the app reads them from the
 * form (FormData) when it sends them itself, so what was typed stays put when the server refuses.
 */
export function DecisionFields({ decisions, rules, presets = [], values, errors }: DecisionFieldsProps) {
  const id = useId();
  const [preset, setPreset] = useState(values.preset ?? '');
  const [noteLength, setNoteLength] = useState((values.note ?? '').length);
  const chosenPreset = presets.find((p) => p.name === preset);
  const field = (name: DecisionField) => ({ error: `${id}-${name}-error`, hint: `${id}-${name}-hint`, input: `${id}-${name}` });
  const decision = field('decision');
  const duration = field('for');
  const rule = field('rule_id');
  const presetField = field('preset');
  const note = field('note');

  return (
    <div className="@container space-y-5">
      <fieldset aria-describedby={describedBy(errors.decision && decision.error)}>
        <legend className={labelClass}>Decision</legend>
        <ChoiceCards name="decision" choices={decisions} labels={CASE_DECISION_LABELS} value={values.decision} invalid={Boolean(errors.decision)} />
        <FieldError id={decision.error} error={errors.decision} />
      </fieldset>

      <div className="grid gap-5 @lg:grid-cols-2">
        <div>
          <label htmlFor={duration.input} className={labelClass}>
            How long
          </label>
          <select
            id={duration.input}
            name="for"
            defaultValue={values.for ?? ''}
            aria-invalid={errors.for ? true : undefined}
            aria-describedby={describedBy(errors.for && duration.error, duration.hint)}
            className={`${inputClass} mt-1.5`}
          >
            {DURATIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldError id={duration.error} error={errors.for} />
          <p id={duration.hint} className={hintClass}>
            Only for {TIMED_WORDS}; the other decisions do not last.
          </p>
        </div>

        <div>
          <label htmlFor={rule.input} className={labelClass}>
            Rule broken
          </label>
          <select
            id={rule.input}
            name="rule_id"
            defaultValue={values.rule_id ?? ''}
            aria-invalid={errors.rule_id ? true : undefined}
            aria-describedby={describedBy(errors.rule_id && rule.error)}
            className={`${inputClass} mt-1.5`}
          >
            <option value="">No rule named</option>
            {rules.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.number}. {r.title}
              </option>
            ))}
          </select>
          <FieldError id={rule.error} error={errors.rule_id} />
        </div>
      </div>

      {presets.length > 0 && (
        <div>
          <label htmlFor={presetField.input} className={labelClass}>
            Start from a preset
          </label>
          <select
            id={presetField.input}
            name="preset"
            value={preset}
            onChange={(event) => setPreset(event.target.value)}
            aria-invalid={errors.preset ? true : undefined}
            aria-describedby={describedBy(errors.preset && presetField.error, chosenPreset && presetField.hint)}
            className={`${inputClass} mt-1.5`}
          >
            <option value="">None</option>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldError id={presetField.error} error={errors.preset} />
          {chosenPreset && (
            <p id={presetField.hint} className={`${hintClass} whitespace-pre-line break-words`}>
              Its words come before your note: {chosenPreset.text}
            </p>
          )}
        </div>
      )}

      <div>
        <label htmlFor={note.input} className={labelClass}>
          Note (told to the account and the reporters)
        </label>
        <textarea
          id={note.input}
          name="note"
          defaultValue={values.note ?? ''}
          maxLength={DECISION_NOTE_MAX}
          rows={4}
          onChange={(event) => setNoteLength(event.target.value.length)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy(errors.note && note.error, note.hint)}
          className={`${inputClass} mt-1.5 leading-6`}
        />
        <FieldError id={note.error} error={errors.note} />
        <p id={note.hint} className={hintClass}>
          The account and everyone who reported it read it with the decision. {noteLength} / {DECISION_NOTE_MAX}
        </p>
      </div>
    </div>
  );
}
