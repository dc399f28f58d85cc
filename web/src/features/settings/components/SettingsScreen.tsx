import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { type OwnProfile, paths } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { UnderlineTabs } from '../../../components/UnderlineTabs';
import { DocumentTitle } from '../../../components/DocumentTitle';
import { usePendingTicks } from '../../../lib/use-pending-ticks';
import { useOwnProfile } from '../../../api/get-own-profile';
import { ListPage } from '../../../components/ListPage';
import { useUpdateProfile } from '../api/update-profile';
import { PasswordDialog, ProfileDialog, UsernameDialog } from './AccountDialogs';
import { AccountEnding } from './AccountEnding';
import { DownloadDataRow } from './DownloadDataRow';
import { CommentsDefaultRow } from './CommentsDefaultRow';
import { BannedReadersDialog, BlockedUsersDialog, EmailDialog } from './EmailAndBlocked';

type Editing = 'email' | 'username' | 'profile' | 'password' | 'blocked' | 'banned' | 'deactivate' | 'delete-account' | null;

/**
 * A row of the Account tab. As a button it is named by what it shows (WCAG 2.5.3, label in name), with
 * "Change" before the label for a screen reader: "Change Email ada@example.com".
 */
function Row({ label, value, onOpen, danger = false }: { label: string; value: ReactNode; onOpen?: () => void; danger?: boolean }) {
  const body = (
    <>
      <span className={`w-32 shrink-0 text-sm font-semibold ${danger ? 'text-rose-700 dark:text-rose-400' : 'text-zinc-900 dark:text-zinc-100'}`}>
        {onOpen && !danger ? (
          <>
            <span className="sr-only">Change</span> {label}
          </>
        ) : (
          label
        )}
      </span>
      <span className="min-w-0 flex-1 truncate text-left text-sm text-zinc-600 dark:text-zinc-400">{value}</span>
      {onOpen && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />}
    </>
  );
  return (
    <li>
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className="flex w-full items-center gap-4 rounded-lg py-4 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:-mx-3 sm:px-3 dark:hover:bg-zinc-900"
        >
          {body}
        </button>
      ) : (
        <div className="flex items-center gap-4 py-4">{body}</div>
      )}
    </li>
  );
}

function Account({ profile }: { profile: OwnProfile }) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <Row label="Email" value={`${profile.email}${profile.email_verified ? '' : ' (not verified)'}`} onOpen={() => setEditing('email')} />
        <Row label="User name" value={profile.username ? `@${profile.username}` : 'Not set'} onOpen={() => setEditing('username')} />
        <Row
          label="Profile"
          value={
            <span className="flex items-center gap-2">
              <Avatar src={profile.profile_picture} size={24} />
              <span className="truncate">{profile.name?.trim() || 'No name yet'}</span>
            </span>
          }
          onOpen={() => setEditing('profile')}
        />
        <Row label="Password" value={profile.has_password ? '••••••••' : 'Not set (you sign in with Google)'} onOpen={() => setEditing('password')} />
        <CommentsDefaultRow profile={profile} />
        <Row label="Blocked Users" value="People whose posts and comments you do not see" onOpen={() => setEditing('blocked')} />
        <Row label="Banned readers" value="People who may not comment on your stories" onOpen={() => setEditing('banned')} />
        <li>
          <Link
            to={paths.reports.getHref()}
            className="flex w-full items-center gap-4 rounded-lg py-4 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:-mx-3 sm:px-3 dark:hover:bg-zinc-900"
          >
            <span className="w-32 shrink-0 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Your reports</span>
            <span className="min-w-0 flex-1 truncate text-sm text-zinc-600 dark:text-zinc-400">What you reported to the moderators, and what they decided</span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
          </Link>
        </li>
        {profile.staff && (
          <li>
            <Link
              to={paths.mod.getHref()}
              className="flex w-full items-center gap-4 rounded-lg py-4 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:-mx-3 sm:px-3 dark:hover:bg-zinc-900"
            >
              <span className="w-32 shrink-0 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Moderation</span>
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-600 dark:text-zinc-400">The reports and cases waiting for the moderators</span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
            </Link>
          </li>
        )}
        <li>
          <Link
            to={paths.rules.getHref()}
            className="flex w-full items-center gap-4 rounded-lg py-4 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:-mx-3 sm:px-3 dark:hover:bg-zinc-900"
          >
            <span className="w-32 shrink-0 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Rules</span>
            <span className="min-w-0 flex-1 truncate text-sm text-zinc-600 dark:text-zinc-400">What everybody here agrees to, and the moderators decide under</span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
          </Link>
        </li>
        <DownloadDataRow userId={String(profile.id)} as="li" />
        <Row label="Deactivate Account" value="Hide your profile and posts until you sign in again" onOpen={() => setEditing('deactivate')} danger />
        <Row label="Delete your account" value="Delete everything that is yours, for good" onOpen={() => setEditing('delete-account')} danger />
      </ul>
      {editing === 'email' && <EmailDialog profile={profile} onClose={close} />}
      {editing === 'blocked' && <BlockedUsersDialog profile={profile} onClose={close} />}
      {editing === 'banned' && <BannedReadersDialog profile={profile} onClose={close} />}
      {(editing === 'deactivate' || editing === 'delete-account') && <AccountEnding profile={profile} kind={editing} onClose={close} />}
      {editing === 'username' && <UsernameDialog profile={profile} onClose={close} />}
      {editing === 'profile' && <ProfileDialog profile={profile} onClose={close} />}
      {editing === 'password' && <PasswordDialog profile={profile} onClose={close} />}
    </>
  );
}

const CHOICES = [
  { key: 'notify_like', label: 'Likes', detail: 'When someone likes one of your posts.' },
  { key: 'notify_comment', label: 'Comments', detail: 'When someone comments on your post or replies to you.' },
  { key: 'notify_follow', label: 'Follows', detail: 'When someone starts following you.' },
  { key: 'notify_help', label: 'Help', detail: 'When we answer one of your help requests, or the moderators decide on your reports or write to you.' },
  { key: 'notify_post', label: 'Stories', detail: 'When someone you follow publishes a story.' },
] as const;

/** SPEC §2 Settings, Notification tab: the four checkboxes for mail notifications and a fifth for new stories (off until ticked), each saved at once. */
function Notifications({ profile }: { profile: OwnProfile }) {
  const save = useUpdateProfile(String(profile.id));
  const ticks = usePendingTicks<(typeof CHOICES)[number]['key']>();
  return (
    <fieldset>
      <legend className="py-4 text-sm text-zinc-600 dark:text-zinc-400">Send me a mail about:</legend>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {CHOICES.map((choice) => (
          <li key={choice.key}>
            <label className="flex cursor-pointer gap-4 py-4">
              <input
                type="checkbox"
                checked={ticks.checked(choice.key, profile[choice.key])}
                onChange={(event) => save.mutate({ [choice.key]: event.target.checked }, { onSettled: ticks.begin([choice.key], event.target.checked) })}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-indigo-700 dark:accent-indigo-400"
              />
              <span>
                <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{choice.label}</span>
                <span className="block text-sm text-zinc-600 dark:text-zinc-400">{choice.detail}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * /settings (SPEC §2): tabs Account and Notification; `notificationExtra` goes below the Notification
 * tab's ticks (the newsletter's per-writer ticks, given by the route).
 */
export function SettingsScreen({ userId, notificationExtra }: { userId: string; notificationExtra?: ReactNode }) {
  const profile = useOwnProfile(userId);
  const [params, setParams] = useSearchParams();
  const panelId = useId();
  const tab = params.get('tab') === 'notification' ? 'notification' : 'account';
  const tabs = [
    { key: 'account', label: 'Account' },
    { key: 'notification', label: 'Notification' },
  ] as const;
  return (
    <>
      <DocumentTitle title="Settings" />
      <ListPage title="Settings">
        <UnderlineTabs
          panelId={panelId}
          label="Settings"
          tabs={tabs}
          selected={tab}
          onSelect={(key) => setParams(key === 'notification' ? { tab: 'notification' } : {}, { replace: true })}
        />
        <div id={panelId} role="tabpanel" aria-label={tab === 'notification' ? 'Notification' : 'Account'}>
          {!profile.data ? (
            <div className="space-y-3 py-6">
              {Array.from({ length: 4 }, (_, i) => (
                <div key={i} className="h-6 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
              ))}
            </div>
          ) : tab === 'notification' ? (
            <>
              <Notifications profile={profile.data} />
              {notificationExtra}
            </>
          ) : (
            <Account profile={profile.data} />
          )}
        </div>
      </ListPage>
    </>
  );
}
