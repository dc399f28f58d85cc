import { useId } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../../components/Button';
import { downloadErrorText, useDownloadData } from '../api/export-data';

/**
 * Settings, Account: "Download your data". One button: the server makes a zip of the member's posts
 * (Markdown with their images) and the rest of their data (JSON), and the browser saves it.
 * Render it `as="li"` inside the Account list, or as a block of its own.
 */
export function DownloadDataRow({ userId, as: Tag = 'div' }: { userId: string; as?: 'li' | 'div' }) {
  const download = useDownloadData(userId);
  const detailId = useId();
  return (
    <Tag className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Download your data</h2>
        <p id={detailId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          A zip file with every post you wrote, as Markdown with its images, and your profile, comments, replies, likes, saves, follows, topics and notifications as JSON.
        </p>
        {download.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {downloadErrorText(download.error)}
          </p>
        )}
        {download.isSuccess && (
          <p role="status" className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
            Your download has started: {download.data.filename}
          </p>
        )}
      </div>
      <Button
        type="button"
        variant="secondary"
        busy={download.isPending}
        aria-describedby={detailId}
        onClick={() => download.mutate()}
        className="shrink-0 self-start sm:self-center"
      >
        {!download.isPending && <Download aria-hidden="true" className="size-4" />}
        {download.isPending ? 'Preparing your data…' : 'Download your data'}
      </Button>
    </Tag>
  );
}
