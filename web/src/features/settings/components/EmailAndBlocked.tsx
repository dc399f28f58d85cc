import { useState } from 'react';
import { TEXT, type OwnProfile } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { FormDialog } from '../../../components/FormDialog';
import { Modal } from '../../../components/Modal';
import { PasswordField } from '../../../components/PasswordField';
import { TextField } from '../../../components/TextField';
import { buttonStyles } from '../../../components/Button';
import { useBlock, useBlockedUsers } from '../../../components/use-block';
import { useFediverseBlock, useFediverseBlocks } from '../../../components/use-fediverse-block';
import { fieldErrors, useUpdateProfile } from '../api/update-profile';

interface DialogProps {
  profile: OwnProfile;
  onClose: () => void;
}

/**
 * Email (SPEC §3: the update payload carries email and current_password): a link goes to the new address,
 * which becomes the account's when it is opened; until then the member signs in with the current one.
 */
export function EmailDialog({ profile, onClose }: DialogProps) {
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const save = useUpdateProfile(String(profile.id));
  const errors = fieldErrors(save.error);
  const canSave = /^\S+@\S+\.\S+$/.test(email.trim()) && (!profile.has_password || current !== '');
  return (
    <FormDialog
      title="Email"
      busy={save.isPending}
      canSave={canSave}
      onCancel={onClose}
      onSave={() => save.mutate({ email: email.trim(), ...(profile.has_password ? { current_password: current } : {}) }, { onSuccess: onClose })}
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Now: <span className="font-medium text-zinc-900 dark:text-zinc-100">{profile.email}</span>. We will send a link to the new address; it becomes yours when you open it.
      </p>
      <TextField label="New email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email?.[0]} />
      {profile.has_password ? (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current_password?.[0]}
        />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">You sign in with Google: if you signed in more than 15 minutes ago, sign in again first.</p>
      )}
    </FormDialog>
  );
}

/** Accounts of other fediverse servers the member blocked, each with Unblock (none listed when there are none). */
function FediverseBlocked({ viewerId }: { viewerId: number }) {
  const blocked = useFediverseBlocks(viewerId);
  const unblock = useFediverseBlock(viewerId);
  const accounts = blocked.data?.data ?? [];
  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby="fediverse-blocked" className="mt-6">
      <h3 id="fediverse-blocked" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        On other servers
      </h3>
      <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
        {accounts.map((account) => (
          <li key={account.id} className="flex items-center gap-3 py-3">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{account.name?.trim() || account.handle}</span>
              {account.name?.trim() && <span className="block truncate text-sm text-zinc-600 dark:text-zinc-400">{account.handle}</span>}
            </span>
            <button type="button" className={buttonStyles.secondary} disabled={unblock.isPending} onClick={() => unblock.mutate({ accountId: account.id, block: false })}>
              Unblock
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SPEC §2 Settings' 'Blocked Users': the people the member blocked, each with Unblock, then the accounts elsewhere. */
export function BlockedUsersDialog({ profile, onClose }: DialogProps) {
  const viewerId = String(profile.id);
  const blocked = useBlockedUsers(viewerId);
  const elsewhere = useFediverseBlocks(profile.id);
  const unblock = useBlock(viewerId);
  const people = blocked.data?.data ?? [];
  const nobody = people.length === 0 && (elsewhere.data?.data.length ?? 0) === 0;
  return (
    <Modal title="Blocked Users" size="max-h-[90vh] max-w-md overflow-y-auto" initialFocus={(panel) => panel.querySelector<HTMLElement>('button')} onClose={onClose}>
      {blocked.isPending || elsewhere.isPending ? (
        <div className="mt-4 h-10 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
      ) : nobody ? (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">You have not blocked anyone.</p>
      ) : (
        <>
          {people.length > 0 && (
            <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
              {people.map((person) => (
                <li key={person.id} className="flex items-center gap-3 py-3">
                  <Avatar src={person.profile_picture} size={32} />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{person.name?.trim() || TEXT.anonymous}</span>
                  <button type="button" className={buttonStyles.secondary} disabled={unblock.isPending} onClick={() => unblock.mutate({ userId: person.id, block: false })}>
                    Unblock
                  </button>
                </li>
              ))}
            </ul>
          )}
          <FediverseBlocked viewerId={profile.id} />
        </>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
