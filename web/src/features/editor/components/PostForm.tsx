import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  POST_UPDATE_REDIRECT_MS,
  TEXT,
  paths,
  postFormFields,
  readTimeFromHtml,
} from '@inkwell/contract';
import { Button } from '../../../components/Button';
import { TextField, inputClass } from '../../../components/TextField';
import { useNotice } from '../../../components/NoticeProvider';
import { isApiError } from '../../../lib/api-client';
import type { UploadProgress as Progress } from '../../../lib/upload';
import { useCategoryOptions } from '../api/get-category-options';
import { useAddPost, useUpdatePost, type PostPayload } from '../api/save-post';
import { uploadImage } from '../api/upload-image';
import { draftKey, startingFields, usePostDraft, type DraftFields } from '../hooks/use-post-draft';
import { CoverPicker } from './CoverPicker';
import { DraftRestoredHint } from './DraftRestoredHint';
import { PostPreview, type PreviewAuthor } from './PostPreview';
import { RichTextEditor } from './RichTextEditor';
import { UploadProgress, type ActiveUpload } from './UploadProgress';

type FieldName = 'title' | 'sub_title' | 'category_id' | 'image' | 'description';
type FieldErrors = Partial<Record<FieldName, string>>;

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
}

const ACCEPTED: ReadonlySet<string> = new Set(ACCEPTED_IMAGE_TYPES);

/** What is wrong with a picked image, in words that say what is accepted (SPEC §5: images only). */
function imageProblem(file: File): string | null {
  if (!ACCEPTED.has(file.type)) return TEXT.imageTypesAccepted;
  if (file.size > MAX_IMAGE_BYTES) return `The image may not be greater than ${Math.round(MAX_IMAGE_BYTES / 1024 / 1024)} MB.`;
  return null;
}

function uploadErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413) return 'That image is too large to add.';
    if (error.status === 415) return error.message || TEXT.imageTypesAccepted;
    if (error.message) return error.message;
  }
  return 'The image could not be uploaded.';
}

/** SPEC §2 Create post / Edit post: the form, the editor and the live preview. */
export function PostForm({ userId, postId, base = EMPTY_POST, currentCoverUrl = null, author, createdAt }: PostFormProps) {
  const editing = postId !== undefined;
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const categories = useCategoryOptions();
  const addPost = useAddPost();
  const updatePost = useUpdatePost();
  const bodyLabelId = useId();

  const key = draftKey(userId, postId);
  const [start] = useState(() => startingFields(key, base));
  const [fields, setFields] = useState<DraftFields>(start.fields);
  const draft = usePostDraft(key, base, fields, start.restored);
  const [editorKey, setEditorKey] = useState(0);

  const [cover, setCover] = useState<File | null>(null);
  const coverUrl = useMemo(() => (cover ? URL.createObjectURL(cover) : null), [cover]);
  useEffect(() => () => {
    if (coverUrl) URL.revokeObjectURL(coverUrl);
  }, [coverUrl]);

  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploads, setUploads] = useState<ActiveUpload[]>([]);
  const uploadSeq = useRef(0);
  const [leaving, setLeaving] = useState(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const set = useCallback((name: keyof DraftFields, value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  /** Runs an upload with a progress bar of its own. */
  const track = useCallback(async <T,>(label: string, run: (onProgress: (p: Progress) => void) => Promise<T>): Promise<T> => {
    const id = ++uploadSeq.current;
    setUploads((list) => [...list, { id, label, fraction: 0 }]);
    try {
      return await run((p) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, fraction: p.fraction } : u))));
    } finally {
      setUploads((list) => list.filter((u) => u.id !== id));
    }
  }, []);

  const bodyUploads = useRef(0);
  const uploadBodyImage = useCallback(
    async (file: File) => {
      const problem = imageProblem(file);
      if (problem) throw new Error(problem);
      bodyUploads.current += 1;
      try {
        const answer = await track(`Uploading ${file.name || 'image'}`, (onProgress) => uploadImage(file, onProgress));
        return answer.url;
      } finally {
        bodyUploads.current -= 1;
      }
    },
    [track],
  );
  const onBodyUploadError = useCallback(
    (error: unknown) => showNotice(error instanceof Error && !isApiError(error) ? error.message : uploadErrorMessage(error), 'red'),
    [showNotice],
  );
  const onBodyChange = useCallback((html: string) => set('description', html), [set]);

  /** A refused file is not kept (the picker empties): the post can still go without a cover. */
  const pickCover = (file: File | null): boolean => {
    const problem = file ? imageProblem(file) : null;
    setErrors((previous) => ({ ...previous, image: problem ?? undefined }));
    setCover(problem ? null : file);
    return problem === null;
  };

  const discardDraft = () => {
    draft.discard();
    setFields(base);
    setErrors({});
    setEditorKey((key) => key + 1);
  };

  const busy = addPost.isPending || updatePost.isPending || leaving;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;

    const found: FieldErrors = {};
    const parsed = postFormFields.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        if (name !== 'category_id') found[name] ??= issue.message;
      }
    }
    setErrors(found);
    if (!fields.category_id) {
      showNotice(TEXT.selectCategory, 'red');
      return;
    }
    if (Object.keys(found).length > 0) return;
    if (bodyUploads.current > 0) {
      showNotice('Please wait until the images have finished uploading.', 'warning_light');
      return;
    }

    const payload: PostPayload = {
      user_id: userId,
      title: fields.title.trim(),
      sub_title: fields.sub_title.trim(),
      category_id: fields.category_id,
      description: fields.description,
      read_time: readTimeFromHtml(fields.description),
      image: cover,
    };
    const label = cover ? 'Uploading cover image' : editing ? 'Saving changes' : 'Publishing';
    const onError = (error: unknown) => {
      if (isApiError(error)) {
        const next: FieldErrors = {};
        for (const name of ['title', 'sub_title', 'category_id', 'image', 'description'] as const) next[name] = error.field(name);
        if ((error.status === 413 || error.status === 415) && !next.image) next.image = uploadErrorMessage(error);
        setErrors(next);
      }
      showNotice(editing ? TEXT.postUpdateFailed : TEXT.postCreateFailed, 'red');
    };

    if (editing) {
      void track(label, (onProgress) => updatePost.mutateAsync({ id: postId, payload, onProgress })).then(() => {
        draft.clear();
        setLeaving(true);
        showNotice(TEXT.postUpdated, 'green');
        leaveTimer.current = setTimeout(() => navigate(paths.viewPost.getHref(postId)), POST_UPDATE_REDIRECT_MS);
      }, onError);
    } else {
      void track(label, (onProgress) => addPost.mutateAsync({ payload, onProgress })).then(() => {
        draft.clear();
        navigate(`${paths.home.getHref()}?success=true&message=${encodeURIComponent(TEXT.postCreated)}`);
      }, onError);
    }
  };

  const previewHtml = useDeferredValue(fields.description);
  const categoryError = errors.category_id;

  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-12">
      <form noValidate onSubmit={onSubmit} className="min-w-0 space-y-6" aria-label={editing ? 'Edit post' : 'Write a post'}>
        {draft.restored && <DraftRestoredHint onDiscard={discardDraft} />}
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
        <div>
          <label htmlFor="post-category" className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Category
          </label>
          <select
            id="post-category"
            name="category_id"
            value={fields.category_id}
            onChange={(event) => set('category_id', event.target.value)}
            aria-invalid={categoryError ? true : undefined}
            aria-describedby={categoryError ? 'post-category-error' : undefined}
            required
            className={`${inputClass} appearance-auto`}
          >
            <option value="">Select Category</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
          {categoryError && (
            <p id="post-category-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {categoryError}
            </p>
          )}
        </div>
        <CoverPicker previewUrl={coverUrl ?? currentCoverUrl} editing={editing} error={errors.image} onPick={pickCover} />
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
          />
          {errors.description && <p className="mt-1.5 text-sm text-red-700 dark:text-red-400">{errors.description}</p>}
        </div>
        <div aria-live="polite">
          <UploadProgress uploads={uploads} />
        </div>
        <div className="flex items-center justify-end gap-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <Button type="submit" busy={busy} className="min-w-32 tracking-wide">
            {editing ? 'Update' : 'POST'}
          </Button>
        </div>
      </form>
      <div className="min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pb-4">
        <PostPreview
          title={fields.title}
          subtitle={fields.sub_title}
          coverUrl={coverUrl ?? currentCoverUrl}
          readTime={readTimeFromHtml(previewHtml)}
          html={previewHtml}
          author={author}
          createdAt={createdAt}
        />
      </div>
    </div>
  );
}
