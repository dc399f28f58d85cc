import type { QueryClient } from '@tanstack/react-query';
import type { PageHead, PostDetail, PublicProfile } from '@inkwell/contract';
import { decodeId, paths } from '@inkwell/contract';
import type { RenderReport } from '../lib/render-context';

export type { PageHead };

const SITE_DESCRIPTION = 'Inkwell: stories and ideas from writers you follow, on the topics you choose.';

function titled(title: string | null): string {
  return title ? `${title} · Inkwell` : 'Inkwell';
}

function idAfter(prefix: string, pathname: string): number | null {
  const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(pathname);
  if (!match) return null;
  try {
    return decodeId(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}

const PUBLIC_SCREENS = /^\/($|view-post\/|view-profile\/|login\/?$|signup\/?$)/;

export function headFor(pathname: string, report: RenderReport, client: QueryClient): PageHead {
  const head: PageHead = {
    title: titled(report.title),
    description: SITE_DESCRIPTION,
    canonicalPath: pathname,
    image: null,
    kind: 'website',
    noindex: report.status !== 200 || !PUBLIC_SCREENS.test(pathname),
  };
  const postId = idAfter('view-post', pathname);
  if (postId !== null && report.status === 200) {
    const post = client
      .getQueriesData<PostDetail>({ queryKey: ['posts', 'detail', postId] })
      .map(([, data]) => data)
      .find(Boolean);
    if (post) {
      const author = post.author?.name?.trim() || 'Anonymous';
      head.description = post.sub_title || head.description;
      head.image = post.image;
      head.kind = 'article';
      head.article = {
        title: post.title,
        published: post.created_at,
        modified: post.updated_at,
        author,
        authorPath: paths.viewProfile.getHref(post.author.id),
      };
    }
  }
  const profileId = idAfter('view-profile', pathname);
  if (profileId !== null && report.status === 200) {
    const profile = client.getQueryData<PublicProfile>(['profile', 'public', profileId]);
    if (profile) {
      head.description = profile.bio?.trim() || `Stories by ${profile.name?.trim() || 'an Inkwell writer'} on Inkwell.`;
      head.image = profile.profile_picture;
      head.kind = 'profile';
    }
  }
  return head;
}
