import { useState } from 'react';
import { TEXT, type BlockedUsersResponse, type OwnProfile } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { ElsewhereMark, pictureElsewhere } from '../../../components/ElsewhereMark';
import { FormDialog } from '../../../components/FormDialog';
import { Modal } from '../../../components/Modal';
import { PasswordField } from '../../../components/PasswordField';
import { TextField } from '../../../components/TextField';
import { buttonStyles } from '../../../components/Button';
import { useBlock, useBlockedUsers } from '../../../components/use-block';
import { useCommentBans, useSetCommentBan } from '../../../api/comment-bans';
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

type Blocked = BlockedUsersResponse['data'][number];

/** A member's name (else Anonymous); an account elsewhere's name, else its handle, with its handle under it when named. */
function BlockedName({ person }: { person: Blocked }) {
  const name = person.name?.trim();
  const nameClass = 'block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100';
  if (!person.elsewhere) return <span className={`min-w-0 flex-1 ${nameClass}`}>{name || TEXT.anonymous}</span>;
  return (
    <span className="min-w-0 flex-1 text-sm">
      <span className={nameClass}>{name || person.elsewhere.handle}</span>
      {name && <ElsewhereMark elsewhere={person.elsewhere} />}
    </span>
  );
}

/** One in a list of people: the picture (an account elsewhere's from there, over https only), the name, and what may be done. */
function PersonRow({ person, busy, label, onAct }: { person: Blocked; busy: boolean; label: string; onAct: () => void }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={person.elsewhere ? pictureElsewhere(person.elsewhere) : person.profile_picture} size={32} />
      <BlockedName person={person} />
      <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onAct}>
        {label}
      </button>
    </li>
  );
}

interface PeopleDialogProps {
  title: string;
  empty: string;
  people: Blocked[] | undefined;
  label: string;
  busy: boolean;
  onAct: (person: Blocked) => void;
  onClose: () => void;
}

/** People the member keeps at a distance, members and accounts elsewhere in one list, most recent first, each with its undoing. */
function PeopleDialog({ title, empty, people, label, busy, onAct, onClose }: PeopleDialogProps) {
  return (
    <Modal title={title} size="max-h-[90vh] max-w-md overflow-y-auto" initialFocus={(panel) => panel.querySelector<HTMLElement>('button')} onClose={onClose}>
      {!people ? (
        <div className="mt-4 h-10 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
      ) : people.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
          {people.map((person) => (
            <PersonRow key={person.id} person={person} busy={busy} label={label} onAct={() => onAct(person)} />
          ))}
        </ul>
      )}
      <div className="mt-6 flex justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

/** SPEC §2 Settings' 'Blocked Users': whom the member blocked, each with Unblock. */
export function BlockedUsersDialog({ profile, onClose }: DialogProps) {
  const viewerId = String(profile.id);
  const blocked = useBlockedUsers(viewerId);
  const unblock = useBlock(viewerId);
  return (
    <PeopleDialog
      title="Blocked Users"
      empty="You have not blocked anyone."
      people={blocked.data?.data}
      label="Unblock"
      busy={unblock.isPending}
      onAct={(person) => unblock.mutate({ userId: person.id, block: false })}
      onClose={onClose}
    />
  );
}

/** Whom the member banned from commenting on their stories (issue 47, ADR 0116), each with its lift. */
export function BannedReadersDialog({ profile, onClose }: DialogProps) {
  const writerId = String(profile.id);
  const bans = useCommentBans(writerId);
  const lift = useSetCommentBan(writerId);
  return (
    <PeopleDialog
      title="Banned from your stories"
      empty="You have not banned anyone from commenting on your stories."
      people={bans.data?.data}
      label="Lift the ban"
      busy={lift.isPending}
      onAct={(person) => lift.mutate({ readerId: person.id, banned: false })}
      onClose={onClose}
    />
  );
}
