import { useState, type FormEvent } from 'react';
import type { OwnProfile } from '@inkwell/contract';
import { Button, buttonStyles } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { PasswordField } from '../../../components/PasswordField';
import { isApiError } from '../../../lib/api-client';
import { type AccountEnd, useEndAccount } from '../api/account';

const WORDS: Record<AccountEnd, { question: string; title: string; action: string; explain: string }> = {
  deactivate: {
    question: 'Are you sure to Deactivate your account',
    title: 'Deactivate your account',
    action: 'Deactivate',
    explain: 'Your profile, posts and comments will be hidden and you will be signed out everywhere. Sign in again whenever you want everything back.',
  },
  'delete-account': {
    question: 'Are you sure to Delete your account',
    title: 'Delete your account',
    action: 'Delete for good',
    explain:
      'Your posts, comments, replies, likes, saves, follows and everything else that is yours will be deleted. This cannot be undone; download your data first if you want to keep it.',
  },
};

/** The second step: the password (or, for a Google account, a recent sign-in), then the action. */
function ConfirmWithPassword({ profile, kind, onClose }: { profile: OwnProfile; kind: AccountEnd; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const end = useEndAccount(String(profile.id), kind);
  const words = WORDS[kind];
  const fieldError = isApiError(end.error) ? end.error.field('current_password') : undefined;
  const error = end.error && !fieldError ? (isApiError(end.error) && end.error.message) || 'That did not work. Please try again.' : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!end.isPending && (!profile.has_password || password !== '')) end.mutate(profile.has_password ? password : undefined);
  };
  return (
    <Modal title={words.title} size="max-w-md" initialFocus={(panel) => panel.querySelector<HTMLElement>('form input, form button')} onClose={onClose}>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-400">{words.explain}</p>
        {profile.has_password ? (
          <PasswordField label="Current password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={fieldError} />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">You sign in with Google: if you signed in more than 15 minutes ago, sign in again first.</p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <Button
            type="submit"
            busy={end.isPending}
            disabled={profile.has_password && password === ''}
            className="bg-rose-700 hover:bg-rose-800 dark:bg-rose-400 dark:hover:bg-rose-300"
          >
            {words.action}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** SPEC §2 Settings: 'Deactivate Account' and 'Delete your account', each asked once (NO / YES), then confirmed. */
export function AccountEnding({ profile, kind, onClose }: { profile: OwnProfile; kind: AccountEnd; onClose: () => void }) {
  const [step, setStep] = useState<'ask' | 'confirm'>('ask');
  return step === 'ask' ? (
    <ConfirmDialog open title={WORDS[kind].question} confirmLabel="YES" cancelLabel="NO" onCancel={onClose} onConfirm={() => setStep('confirm')} />
  ) : (
    <ConfirmWithPassword profile={profile} kind={kind} onClose={onClose} />
  );
}
