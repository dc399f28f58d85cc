import { useEffect, useState } from 'react';
import { BIO_MAX, NAME_MAX, PASSWORD_HINT, PASSWORD_PATTERN, TEXT, type OwnProfile } from '@inkwell/contract';
import { Avatar } from '../../../components/Avatar';
import { FormDialog } from '../../../components/FormDialog';
import { PasswordField } from '../../../components/PasswordField';
import { TextField, inputClass } from '../../../components/TextField';
import { fieldErrors, useUpdateProfile } from '../api/update-profile';

interface DialogProps {
  profile: OwnProfile;
  onClose: () => void;
}

/** User name: 3 to 30 letters, digits or underscores, unique. */
export function UsernameDialog({ profile, onClose }: DialogProps) {
  const [username, setUsername] = useState(profile.username ?? '');
  const save = useUpdateProfile(String(profile.id));
  const errors = fieldErrors(save.error);
  return (
    <FormDialog
      title="User name"
      busy={save.isPending}
      canSave={username.trim() !== ''}
      onCancel={onClose}
      onSave={() => save.mutate({ username: username.trim() }, { onSuccess: onClose })}
    >
      <TextField
        label="User name"
        value={username}
        maxLength={30}
        autoComplete="username"
        onChange={(event) => setUsername(event.target.value)}
        hint="3 to 30 letters, digits or underscores; people can find you by it."
        error={errors.username?.[0]}
      />
    </FormDialog>
  );
}

/** Profile: photo, name and bio (SPEC §2 Settings). */
export function ProfileDialog({ profile, onClose }: DialogProps) {
  const [name, setName] = useState(profile.name ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const save = useUpdateProfile(String(profile.id));
  const errors = fieldErrors(save.error);
  useEffect(() => {
    if (!picture) return;
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);
  return (
    <FormDialog
      title="Profile"
      busy={save.isPending}
      canSave={name.trim() !== ''}
      onCancel={onClose}
      onSave={() => save.mutate({ name: name.trim(), bio: bio.trim(), picture: picture ?? undefined }, { onSuccess: onClose })}
    >
      <div className="flex items-center gap-4">
        {preview ? <img src={preview} alt="" className="size-16 rounded-full object-cover" /> : <Avatar src={profile.profile_picture} size={64} />}
        <label className="cursor-pointer text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300">
          Choose a photo
          <input type="file" accept="image/*" className="sr-only" onChange={(event) => setPicture(event.target.files?.[0] ?? null)} />
        </label>
      </div>
      {errors.profile_picture?.[0] && <p className="text-sm text-red-700 dark:text-red-400">{errors.profile_picture[0]}</p>}
      <TextField label="Name" value={name} maxLength={NAME_MAX} autoComplete="name" onChange={(event) => setName(event.target.value)} error={errors.name?.[0]} />
      <div>
        <label htmlFor="settings-bio" className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Bio
        </label>
        <textarea id="settings-bio" value={bio} maxLength={BIO_MAX} rows={3} onChange={(event) => setBio(event.target.value)} className={inputClass} />
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {bio.length} / {BIO_MAX}
        </p>
      </div>
    </FormDialog>
  );
}

/** Password: the current one (when the account has one), the new one twice (SPEC §6). */
export function PasswordDialog({ profile, onClose }: DialogProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const save = useUpdateProfile(String(profile.id));
  const errors = fieldErrors(save.error);
  const mismatch = confirmation !== '' && next !== confirmation;
  const canSave = PASSWORD_PATTERN.test(next) && PASSWORD_PATTERN.test(confirmation) && !mismatch && (!profile.has_password || current !== '');
  return (
    <FormDialog
      title="Password"
      busy={save.isPending}
      canSave={canSave}
      onCancel={onClose}
      onSave={() =>
        save.mutate({ ...(profile.has_password ? { current_password: current } : {}), new_password: next, new_password_confirmation: confirmation }, { onSuccess: onClose })
      }
    >
      {profile.has_password && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current_password?.[0]}
        />
      )}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        hint={PASSWORD_HINT}
        error={errors.new_password?.[0]}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={mismatch ? TEXT.passwordMismatchSettings : errors.new_password_confirmation?.[0]}
      />
    </FormDialog>
  );
}
