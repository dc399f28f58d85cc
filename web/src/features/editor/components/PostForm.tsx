import { useCallback, useDeferredValue, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { POST_UPDATE_REDIRECT_MS, TEXT, paths, readTimeFromHtml, type Draft } from '@inkwell/contract';
import { TextField } from '../../../components/TextField';
import { useNotice } from '../../../components/NoticeProvider';
import { storageUrl } from '../../../lib/media';
import { usePublishDraft } from '../api/publish-draft';
import { useSubscriberCount } from '../api/get-subscriber-count';
import { useAddPost, useUpdatePost, type PostPayload } from '../api/save-post';
import { fieldErrorsFrom, imageProblem, missingFields, type FieldErrors } from '../form-errors';
import { useCover } from '../hooks/use-cover';
import { draftKey, removeDraft, startingFields, usePostDraft, type DraftFields } from '../hooks/use-post-draft';
import { fieldsOfDraft, useServerDraft } from '../hooks/use-server-draft';
import { useUploads } from '../hooks/use-uploads';
import { useAltTextCheck } from '../hooks/use-alt-text-check';
import type { EditorHandle } from '../quill/create-editor';
import { CategorySelect } from './CategorySelect';
import { CoverPicker } from './CoverPicker';
import { DraftOptions } from './DraftOptions';
import { DraftRestoredHint } from './DraftRestoredHint';
import { FormButtons } from './FormButtons';
import { PostPreview, type PreviewAuthor } from './PostPreview';
import { RichTextEditor } from './RichTextEditor';
import { UploadProgress } from './UploadProgress';

export const EMPTY_POST: DraftFields = { title: '', sub_title: '', category_id: '', description: '' };

interface PostFormProps {
  userId: string;
  /** Present when editing: the post's id; the form then updates and the cover is optional. */
  postId?: number;
  /** What the form starts from: empty, or the post being edited. */
  base?: DraftFields;
  /** The post's current cover URL when editing. */
  currentCoverUrl?: string | null;
  /** Who the preview shows as the author (the writer); none: no author line. */
  author?: PreviewAuthor;
  /** The post's date in the preview when editing (today's for a new post). */
  createdAt?: string;
  /** A new post continued from the server's draft (none: a fresh one, saved as a draft once it holds anything). */
  serverDraft?: Draft | null;
  /** The server has just created the draft this form holds (its id goes into the address). */
  onDraftCreated?: (id: number) => void;
}

/** SPEC §2 Create post / Edit post: the form, the editor and the live preview; a new post is kept as a server draft. */
export function PostForm({ userId, postId, base = EMPTY_POST, currentCoverUrl = null, author, createdAt, serverDraft = null, onDraftCreated }: PostFormProps) {
  const editing = postId !== undefined;
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const addPost = useAddPost();
  const updatePost = useUpdatePost();
  const publish = usePublishDraft();
  const subscribers = useSubscriberCount(userId);
  // "Publish and email" unless the writer unticks it (or a scheduled draft was kept "Publish only").
  const [email, setEmail] = useState(serverDraft?.email_subscribers ?? true);
  const bodyLabelId = useId();

  // What the server (or the edited post) holds: the local copy keeps only what differs from it.
  const [savedFields, setSavedFields] = useState(() => (serverDraft ? fieldsOfDraft(serverDraft) : base));
  const [draftId, setDraftId] = useState(serverDraft?.id ?? null);
  const key = draftKey(userId, postId, draftId);
  const [start] = useState(() => startingFields(key, savedFields));
  const [fields, setFields] = useState<DraftFields>(start.fields);
  const local = usePostDraft(key, savedFields, fields, start.restored);
  const [editorKey, setEditorKey] = useState(0);
  const editorRef = useRef<EditorHandle | null>(null);
  const altCheck = useAltTextCheck(fields.description, editorRef);

  const [errors, setErrors] = useState<FieldErrors>({});
  const { uploads, track, uploadBodyImage, onBodyUploadError, bodyUploading } = useUploads(useCallback((message: string) => showNotice(message, 'red'), [showNotice]));
  const [leaving, setLeaving] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const set = useCallback((name: keyof DraftFields, value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const cover = useCover(serverDraft?.image ?? null, track);

  const server = useServerDraft({
    initial: serverDraft,
    content: { fields, coverPath: cover.path, coverFile: cover.file },
    enabled: !editing,
    resolveCover: cover.resolve,
    onSaved: (saved, savedAs, created, mounted) => {
      if (!mounted) {
        // Saved as the writer left: the local copy of a new post is the server's draft now.
        if (created) removeDraft(draftKey(userId));
        return;
      }
      setSavedFields(savedAs);
      if (created) {
        // The local copy moves to the draft's key now, not at the next render (see moveTo).
        local.moveTo(draftKey(userId, undefined, saved.id));
        setDraftId(saved.id);
        onDraftCreated?.(saved.id);
      }
    },
    onError: (error) => setErrors((previous) => ({ ...previous, ...fieldErrorsFrom(error) })),
  });
  // Once the server holds what the form shows, the local copy is dropped (it keeps only unsaved changes).
  const { flush } = local;
  useEffect(() => flush(), [savedFields, flush]);

  const onBodyChange = useCallback((html: string) => set('description', html), [set]);

  /** A refused file is not kept (the picker empties): the post can still go without a cover. */
  const pickCover = (file: File | null): boolean => {
    const problem = file ? imageProblem(file) : null;
    setErrors((previous) => ({ ...previous, image: problem ?? undefined }));
    cover.pick(problem ? null : file);
    return problem === null;
  };

  const discardDraft = () => {
    local.discard();
    setFields(savedFields);
    setErrors({});
    setEditorKey((key) => key + 1);
  };

  const busy = addPost.isPending || updatePost.isPending || publish.isPending || leaving;

  /** What a post needs (SPEC §5), shown on the fields; the category as the red notice. */
  const checkComplete = (): boolean => {
    const found = missingFields(fields);
    setErrors(found);
    if (!fields.category_id) {
      showNotice(TEXT.selectCategory, 'red');
      return false;
    }
    return Object.keys(found).length === 0;
  };

  const payload = (): PostPayload => ({
    user_id: userId,
    title: fields.title.trim(),
    sub_title: fields.sub_title.trim(),
    category_id: fields.category_id,
    description: fields.description,
    read_time: readTimeFromHtml(fields.description),
    image: cover.file,
    ...(editing ? {} : { email_subscribers: email }),
  });

  const failed = (error: unknown) => {
    setErrors(fieldErrorsFrom(error));
    showNotice(editing ? TEXT.postUpdateFailed : TEXT.postCreateFailed, 'red');
  };

  /** A new post: from its draft (saved once more, then published), or straight with add-post when it has none yet. */
  const publishNew = async () => {
    setLeaving(true);
    try {
      const existing = await server.settled();
      if (existing) {
        const saved = (await server.saveNow()) ?? existing;
        await publish.mutateAsync({ id: saved.id, email });
      } else {
        server.stop();
        const label = cover.file ? 'Uploading cover image' : 'Publishing';
        await track(label, (onProgress) => addPost.mutateAsync({ payload: payload(), onProgress })).catch((error: unknown) => {
          server.resume();
          throw error;
        });
      }
    } catch (error) {
      setLeaving(false);
      failed(error);
      return;
    }
    server.stop();
    local.clear();
    navigate(`${paths.home.getHref()}?success=true&message=${encodeURIComponent(TEXT.postCreated)}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkComplete()) return;
    if (bodyUploading()) {
      showNotice('Please wait until the images have finished uploading.', 'warning_light');
      return;
    }
    if (!editing) {
      // Images without alt text: the writer is asked first (issue 13).
      void altCheck.confirm('publish').then((go) => (go ? publishNew() : undefined));
      return;
    }
    const label = cover.file ? 'Uploading cover image' : 'Saving changes';
    void track(label, (onProgress) => updatePost.mutateAsync({ id: postId, payload: payload(), onProgress })).then(() => {
      local.clear();
      setLeaving(true);
      showNotice(TEXT.postUpdated, 'green');
      leaveTimer.current = setTimeout(() => navigate(paths.viewPost.getHref(postId)), POST_UPDATE_REDIRECT_MS);
    }, failed);
  };

  const saveDraftNow = () => {
    void server.saveNow().then(
      (saved) => {
        if (!saved) showNotice('There is nothing to save yet.', 'info_light');
      },
      () => undefined,
    );
  };

  const previewHtml = useDeferredValue(fields.description);
  const coverUrl = cover.fileUrl ?? (cover.path ? storageUrl(cover.path) : currentCoverUrl);

  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-12">
      <div className="min-w-0 space-y-8">
        <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={editing ? 'Edit post' : 'Write a post'}>
          {local.restored && <DraftRestoredHint onDiscard={discardDraft} />}
          {/* SPEC §2 writes the labels TITLE and SUBTITLE: shown in capitals, read out as words. */}
          <TextField
            label="Title"
            labelClassName="uppercase tracking-wide"
            name="title"
            value={fields.title}
            onChange={(event) => set('title', event.target.value)}
            error={errors.title}
            autoComplete="off"
            required
            maxLength={150}
          />
          <TextField
            label="Subtitle"
            labelClassName="uppercase tracking-wide"
            name="sub_title"
            value={fields.sub_title}
            onChange={(event) => set('sub_title', event.target.value)}
            error={errors.sub_title}
            autoComplete="off"
            required
            maxLength={250}
          />
          <CategorySelect value={fields.category_id} error={errors.category_id} onChange={(value) => set('category_id', value)} />
          <CoverPicker previewUrl={coverUrl} editing={editing || Boolean(cover.path)} error={errors.image} onPick={pickCover} />
          <div>
            <span id={bodyLabelId} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Story
            </span>
            <RichTextEditor
              key={editorKey}
              initialHtml={fields.description}
              labelledBy={bodyLabelId}
              onChange={onBodyChange}
              uploadImage={uploadBodyImage}
              onUploadError={onBodyUploadError}
              editorRef={editorRef}
            />
            {errors.description && <p className="mt-1.5 text-sm text-red-700 dark:text-red-400">{errors.description}</p>}
          </div>
          <div aria-live="polite">
            <UploadProgress uploads={uploads} />
          </div>
          <FormButtons editing={editing} busy={busy} saveState={server.state} onSaveDraft={saveDraftNow} />
        </form>
        {!editing && (
          <DraftOptions
            draft={server.draft}
            ensureSaved={() => server.saveNow()}
            checkComplete={checkComplete}
            confirmImages={() => altCheck.confirm('schedule')}
            onDraft={server.setDraft}
            onFieldErrors={(error) => setErrors((previous) => ({ ...previous, ...fieldErrorsFrom(error) }))}
            subscribers={subscribers}
            email={email}
            onEmail={setEmail}
          />
        )}
      </div>
      <div className="min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pb-4">
        <PostPreview
          title={fields.title}
          subtitle={fields.sub_title}
          coverUrl={coverUrl}
          readTime={readTimeFromHtml(previewHtml)}
          html={previewHtml}
          author={author}
          createdAt={createdAt}
        />
      </div>
      {altCheck.dialog}
    </div>
  );
}
