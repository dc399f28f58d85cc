import { escapeText } from '@inkwell/contract';
import type { Random } from './random.ts';

/** Words and shapes for believable demo writing; nothing here is product logic. */
export const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Maya',
  'Noah',
  'Leila',
  'Tomas',
  'Ines',
  'Kofi',
  'Hana',
  'Ravi',
  'Sofia',
  'Mateo',
  'Yuki',
  'Omar',
  'Elena',
  'Jonas',
  'Amara',
  'Lucas',
  'Priya',
  'Felix',
  'Zara',
  'Hugo',
  'Nadia',
  'Oscar',
  'Mei',
  'Ivan',
  'Chloe',
  'Samir',
  'Freya',
  'Diego',
  'Anya',
];
export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Haddad',
  'Novak',
  'Fischer',
  'Costa',
  'Mensah',
  'Kowalski',
  'Ibrahim',
  'Larsen',
  'Rossi',
  'Nakamura',
  'Silva',
  'Andersen',
  'Petrov',
  'Nguyen',
  'Dubois',
  'Reyes',
  'Schmidt',
  'Adeyemi',
  'Walsh',
  'Kim',
];

const BIO_OPENERS = ['Writes about', 'Thinking out loud about', 'Notes on', 'Curious about', 'Twenty years in', 'Recovering expert in', 'Slow reader, fast writer on'];
const BIO_CLOSERS = [
  'Coffee first.',
  'Based in Lisbon.',
  'Based in Nairobi.',
  'Based in Osaka.',
  'Weekend baker.',
  'Runs too early.',
  'Opinions are my own.',
  'Learning in public.',
];

export function bioFor(random: Random, topic: string): string {
  return `${random.pick(BIO_OPENERS)} ${topic.toLowerCase()} and the people behind it. ${random.pick(BIO_CLOSERS)}`;
}

const TOPIC_WORDS: Record<string, string[]> = {
  technology: ['chips', 'open source', 'the cloud', 'batteries', 'smartphones', 'privacy', 'the web'],
  programming: ['TypeScript', 'SQL', 'code review', 'testing', 'refactoring', 'Rust', 'debugging'],
  science: ['black holes', 'microbes', 'CRISPR', 'the brain', 'fusion', 'dark matter', 'sleep'],
  health: ['running', 'sleep', 'nutrition', 'stress', 'strength training', 'walking', 'fasting'],
  business: ['startups', 'pricing', 'remote teams', 'hiring', 'marketing', 'negotiation', 'cash flow'],
  design: ['typography', 'colour', 'forms', 'icons', 'dark mode', 'accessibility', 'grids'],
  culture: ['novels', 'cinema', 'jazz', 'museums', 'poetry', 'podcasts', 'street art'],
  politics: ['cities', 'elections', 'housing', 'public transport', 'local news', 'taxes', 'trust'],
  travel: ['night trains', 'Lisbon', 'Hokkaido', 'packing light', 'hostels', 'slow travel', 'maps'],
  food: ['sourdough', 'ramen', 'fermentation', 'knife skills', 'spices', 'coffee', 'street food'],
  'personal-growth': ['habits', 'journaling', 'focus', 'burnout', 'mentors', 'saying no', 'reading'],
  climate: ['heat pumps', 'solar', 'rewilding', 'floods', 'carbon', 'bikes', 'forests'],
  education: ['homework', 'exams', 'teachers', 'curiosity', 'online courses', 'libraries', 'maths'],
  sports: ['football', 'marathons', 'tennis', 'climbing', 'cycling', 'coaching', 'the Olympics'],
};

const TITLES = [
  'What {w} taught me about patience',
  'A beginner’s guide to {w}',
  'Why {w} matters more than you think',
  'Ten years of {w}, in ten lessons',
  'The quiet revolution in {w}',
  'I was wrong about {w}',
  'How to think clearly about {w}',
  'Notes from a year of {w}',
  'The case against {w}, and why I changed my mind',
  '{W}: a field guide',
];
const SUBTITLES = [
  'What I wish someone had told me when I started.',
  'A practical look, with examples you can use today.',
  'The short version, and the long one.',
  'Three mistakes, two surprises and one good habit.',
  'An argument in five parts.',
  'Less theory, more of what actually happened.',
];
const SENTENCES = [
  'Most of the advice you hear about {w} is either too vague or too confident.',
  'I started paying attention to {w} almost by accident, and it changed how I work.',
  'The interesting part is not the idea itself but what happens when you try it for a month.',
  'Here is the uncomfortable truth: nobody is really an expert, we are all guessing with better or worse notes.',
  'If you only remember one thing from this piece, make it this one.',
  'It is easy to mistake motion for progress, especially when the tools make everything feel fast.',
  'The data is messier than the headlines suggest, and that is good news for the curious.',
  'I asked a dozen people who do this every day, and their answers surprised me.',
  'Small, boring improvements compound in ways that big plans rarely do.',
  'The first attempt failed, which turned out to be the most useful thing that happened.',
  'There is a simpler explanation, and it is usually the right one.',
  'Nothing here needs special equipment, only a little time and a willingness to be wrong.',
];
/** Code in the languages people write, each tagged as the editor tags it (the seed highlights them as a save does). */
const CODE_SNIPPETS = [
  ['typescript', 'function readTime(words: number): number {\n  return Math.ceil(words / 100);\n}'],
  ['sql', 'SELECT id, title\nFROM posts\nWHERE id < $1\nORDER BY id DESC\nLIMIT 10;'],
  ['typescript', 'const cache = new Map<string, number>();\nfor (const word of text.split(/\\s+/)) {\n  cache.set(word, (cache.get(word) ?? 0) + 1);\n}'],
  ['bash', 'git switch -c fix/feed-order\nnpm test\ngit commit -am "Keep the feed in order"'],
] as const;

const fill = (template: string, word: string) => template.replace('{w}', word).replace('{W}', word.charAt(0).toUpperCase() + word.slice(1));

export function titleFor(random: Random, slug: string): { title: string; subTitle: string; word: string } {
  const word = random.pick(TOPIC_WORDS[slug] ?? ['ideas']);
  return { title: fill(random.pick(TITLES), word), subTitle: random.pick(SUBTITLES), word };
}

function paragraph(random: Random, word: string): string {
  const count = random.int(2, 5);
  return Array.from({ length: count }, () => fill(random.pick(SENTENCES), word)).join(' ');
}

/** A body in the editor's formats: headings, paragraphs, lists, quotes, links, code and images. */
export function bodyFor(random: Random, word: string, slug: string, imageUrls: string[]): string {
  const parts: string[] = [];
  const sections = random.int(1, 6);
  for (let s = 0; s < sections; s += 1) {
    if (s > 0 || random.next() < 0.5)
      parts.push(
        `<h${s === 0 ? 1 : 2}>${escapeText(fill(random.pick(['On {w}', 'Getting started', 'What went wrong', 'What worked', 'The numbers', 'Where next'] as const), word))}</h${s === 0 ? 1 : 2}>`,
      );
    for (let p = random.int(1, 3); p > 0; p -= 1) parts.push(`<p>${escapeText(paragraph(random, word))}</p>`);
    const roll = random.next();
    if (roll < 0.2) {
      const tag = random.next() < 0.5 ? 'ul' : 'ol';
      const items = Array.from({ length: random.int(3, 5) }, () => `<li>${escapeText(fill(random.pick(SENTENCES), word))}</li>`).join('');
      parts.push(`<${tag}>${items}</${tag}>`);
    } else if (roll < 0.3) {
      parts.push(`<blockquote>${escapeText(fill(random.pick(SENTENCES), word))}</blockquote>`);
    } else if (roll < 0.42 && (slug === 'programming' || slug === 'technology' || random.next() < 0.2)) {
      const [language, code] = random.pick(CODE_SNIPPETS);
      parts.push(`<pre data-language="${language}">${escapeText(code)}</pre>`);
    } else if (roll < 0.5 && imageUrls.length) {
      parts.push(`<p><img src="${random.pick(imageUrls)}" alt="Illustration about ${escapeText(word)}"></p>`);
    } else if (roll < 0.58) {
      parts.push(
        `<p>More in <a href="https://en.wikipedia.org/wiki/${encodeURIComponent(word)}" rel="noopener noreferrer nofollow" target="_blank">the encyclopedia entry on ${escapeText(word)}</a>, and <strong>${escapeText(word)}</strong> is <em>worth</em> a <span style="color: rgb(230, 0, 0);">closer</span> look.</p>`,
      );
    }
  }
  return parts.join('');
}

const COMMENTS = [
  'This is exactly what I needed today, thank you.',
  'I disagree with the second point, but the rest is spot on.',
  'Saved for later. The part about habits hit home.',
  'Do you have sources for the numbers?',
  'Beautifully written.',
  'I tried this last year and it worked, mostly.',
  'Could you write a follow-up on the mistakes?',
  'Sharing this with my team.',
];
const REPLIES = ['Thanks for reading!', 'Fair point, I should have been clearer.', 'Yes, a follow-up is coming.', 'Same experience here.', 'The sources are linked at the end.'];

export const commentText = (random: Random) => random.pick(COMMENTS);
export const replyText = (random: Random) => random.pick(REPLIES);
