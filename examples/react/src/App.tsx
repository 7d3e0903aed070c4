import { useState, type CSSProperties } from 'react';
// The elements' JSX types: attributes, their types, and `on<event>` handlers.
import type {} from 'vf-client/react';

/** The demo site's two articles; each has its own conversation on the vf server. */
const STORIES = [
  { containerId: 'demo-article-river-trees', title: 'City plants 10,000 trees along its river', accent: '#0b6e4f' },
  { containerId: 'demo-article-night-sky', title: 'Why the night sky is getting brighter', accent: '#3d2c8d' },
];

export function App() {
  const [index, setIndex] = useState(0);
  const [welcome, setWelcome] = useState('');
  const story = STORIES[index % STORIES.length]!;
  // The theme: a CSS custom property the elements read (docs/elements.md lists them).
  const theme = { '--vf-color-accent': story.accent } as CSSProperties;

  return (
    <main>
      <h1>{story.title}</h1>
      <p role="status">{welcome}</p>
      <button type="button" onClick={() => setIndex(index + 1)}>Next story</button>
      <vf-conversations
        vf-container-id={story.containerId}
        region-label={`Comments on ${story.title}`}
        style={theme}
        onvf-login-success={(event) => setWelcome(`Welcome, ${event.detail.user.name}${event.detail.isNew ? ' (new account)' : ''}`)}
      />
    </main>
  );
}
