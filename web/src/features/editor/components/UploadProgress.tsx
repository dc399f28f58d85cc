export interface ActiveUpload {
  id: number;
  label: string;
  /** 0..1, or null while unknown. */
  fraction: number | null;
}

/** One bar per upload under way (the cover with the form, images in the body). */
export function UploadProgress({ uploads }: { uploads: ActiveUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="upload-progress">
      {uploads.map((upload) => {
        const percent = upload.fraction === null ? null : Math.round(upload.fraction * 100);
        return (
          <div key={upload.id}>
            <div className="mb-1 flex justify-between text-xs text-zinc-600 dark:text-zinc-400">
              <span>{upload.label}</span>
              {percent !== null && <span aria-hidden="true">{percent}%</span>}
            </div>
            <div
              role="progressbar"
              aria-label={upload.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            >
              <div
                className={`h-full rounded-full bg-indigo-600 transition-[width] duration-200 dark:bg-indigo-400 ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
                style={percent === null ? undefined : { width: `${percent}%` }}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}
