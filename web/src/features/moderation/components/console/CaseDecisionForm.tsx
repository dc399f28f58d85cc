import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@inkwell/contract';
import type { ModCaseResponse } from '@inkwell/contract/schemas';
import { Button } from '../../../../components/Button';
import { useFormEcho } from '../../../../lib/form-echo';
import { useResolveCases } from '../../api/console';
import { fieldErrorsOf } from './CaseParts';
import { problemOf } from './ConsoleBits';
import type { DecidedState } from './CaseQueue';
import { type DecisionField, DecisionFields, decisionOf } from './DecisionFields';

type Errors = Partial<Record<DecisionField | 'ids', string>>;

/**
 * A case's decision (only the decisions this moderator may take on it). A plain form posting to the
 * case's own address before the app's scripts run (the server decides through the same API); with them,
 * sent from here: decided, back to the queue with the answer's message; refused, the field errors and
 * the message here, with everything typed kept.
 */
export function CaseDecisionForm({ data }: { data: ModCaseResponse }) {
  const caseId = data.case.id;
  const echo = useFormEcho();
  const send = useResolveCases();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Errors>(echo.errors);
  const [problem, setProblem] = useState<string | null>(echo.message);
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const decision = decisionOf(event.currentTarget, [caseId]);
    setProblem(null);
    if ('error' in decision) {
      setErrors({ decision: decision.error });
      return;
    }
    setErrors({});
    send.mutate(decision, {
      onSuccess: (answer) => {
        const refused = answer.refused.find((r) => r.id === caseId);
        if (refused) {
          setProblem(refused.message);
          return;
        }
        const state: DecidedState = { decided: { message: answer.message, refused: answer.refused } };
        void navigate(paths.mod.getHref(), { state });
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        setProblem(problemOf(error, 'The case could not be decided. Please try again.'));
      },
    });
  };

  return (
    <form method="post" action={paths.modCase.getHref(caseId)} onSubmit={submit} noValidate aria-describedby={problem ? errorId : undefined}>
      <DecisionFields decisions={data.decisions} rules={data.rules} presets={data.presets} values={echo.values} errors={errors} />
      {problem && (
        <p id={errorId} role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <Button type="submit" className="mt-6 w-full" busy={send.isPending}>
        Decide case {caseId}
      </Button>
    </form>
  );
}
