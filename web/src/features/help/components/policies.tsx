import type { ReactNode } from 'react';

/** The texts of the Help screen's Privacy Policy and Terms and Conditions. */

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h3 className="font-serif text-xl font-bold text-zinc-900 dark:text-zinc-50">{title}</h3>
      <div className="mt-2 space-y-3 text-[15px] leading-7 text-zinc-700 dark:text-zinc-300">{children}</div>
    </section>
  );
}

export function PrivacyPolicy() {
  return (
    <article>
      <p className="text-[15px] leading-7 text-zinc-700 dark:text-zinc-300">
        Inkwell is a place to read and write. This page says what we keep about you, why, and what you can do about it.
      </p>
      <Section title="What we keep">
        <p>
          Your account: your email address, a hash of your password (never the password itself), and, if you sign in with Google, the identifier Google gives us for you. Your
          profile: the name, user name, bio and picture you choose to add.
        </p>
        <p>
          What you do here: the posts you write and the images you upload for them, your comments and replies, and the posts you like and save, the people you follow and the topics
          you choose. Help requests you send us.
        </p>
      </Section>
      <Section title="Why we keep it">
        <p>
          To run the service: to sign you in, to show your posts and profile to readers, to build your feed from the topics and people you chose, and to tell you when someone
          likes, answers or follows you. We do not sell your data and we show no advertising.
        </p>
      </Section>
      <Section title="Cookies">
        <p>
          We set only what signing in needs: a session cookie that cannot be read by scripts, and your user id. No tracking or advertising cookies. The editor keeps your unsaved
          draft in your own browser until you post it.
        </p>
      </Section>
      <Section title="What others see">
        <p>Your name, picture, bio, posts, comments and follower counts are public. Your email address, your likes, your saved posts and your chosen topics are not.</p>
      </Section>
      <Section title="Your choices">
        <p>
          You can delete any post, comment or reply of yours at any time, and ask us through Need Help to correct your profile, to send you a copy of your data or to delete your
          account. Images you uploaded that no post uses any more are removed (a week after their upload at the latest, so drafts keep theirs).
        </p>
      </Section>
    </article>
  );
}

export function TermsAndConditions() {
  return (
    <article>
      <p className="text-[15px] leading-7 text-zinc-700 dark:text-zinc-300">By using Inkwell you agree to these terms. They are short on purpose.</p>
      <Section title="Your account">
        <p>
          Keep your password to yourself; you are responsible for what is done with your account. One person per account, and you must be old enough to agree to these terms where
          you live.
        </p>
      </Section>
      <Section title="Your writing">
        <p>
          What you write stays yours. By posting it you let Inkwell show it to readers, in the feed, in search and on your profile, for as long as you keep it here. Delete a post
          and it is gone from Inkwell, with its likes and comments.
        </p>
      </Section>
      <Section title="Being a good neighbour">
        <p>
          No harassment, hate, threats, spam or deception; nothing illegal, and nothing you have no right to share. We may remove content or close accounts that break these rules,
          and we will tell you why.
        </p>
      </Section>
      <Section title="The service">
        <p>
          We work to keep Inkwell available and your writing safe, but we provide it as it is, without guarantees. These terms may change; when they change in a way that matters,
          we will say so here before it takes effect.
        </p>
      </Section>
    </article>
  );
}
