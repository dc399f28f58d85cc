import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { type PageHead, decodeId } from '@inkwell/contract';

/** What a screen's `load` and `head` are handed: its address and the query cache of this page. */
export interface ScreenArgs {
  params: Params;
  url: URL;
  client: QueryClient;
  /** The signed-in reader, or undefined for a visitor. */
  viewerId: string | undefined;
}

/**
 * What a screen says of itself beside its component, in its own file of ./routes/ (exported as
 * `screen`): the router, the server's renderer and the page's head all read it from there.
 */
export interface Screen {
  /**
   * Who the server renders it for: `everyone` (its HTML is readable before the app runs), `members`
   * (a signed-in reader; a visitor gets the shell, which sends them to Login), or `nobody` (a member's
   * own screen: the shell, filled by the app). Unknown addresses render the not-found page.
   */
  render: 'everyone' | 'members' | 'nobody';
  /** In search engines' index (a page answered 200 only); every other page says noindex. */
  indexed?: boolean;
  /**
   * The data it shows, asked for before it renders (the same query options its components use): the
   * server awaits it and renders once; the browser starts it beside the screen's code.
   */
  load?: (args: ScreenArgs) => Promise<unknown>[];
  /** Its head beyond the title (description, picture, article), from the data loaded. */
  head?: (args: ScreenArgs) => Partial<PageHead> | null;
}

/** A file of ./routes/: the screen's component and what it says of itself. */
export interface ScreenModule {
  default: ComponentType;
  screen?: Screen;
}

/** A screen that says nothing: a member's own screen, left to the app. */
export const SHELL_SCREEN: Screen = { render: 'nobody' };

/** The id in an address (`/view-post/{encoded id}`), as the router hands it: a number, or null when it is no id. */
export function idParam(value: string | undefined): number | null {
  return decodeId(value ?? '');
}
