'use client';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
// Safe to import while rendering on the server: the package touches `window` only in register().
import { register, type VfConversationsElement, type VfConversationsElementEventMap } from 'vf-client';
// The elements' JSX types: attributes, their types, and `on<event>` handlers.
import type {} from 'vf-client/react';

/** The demo site's two articles; each has its own conversation on the vf server. */
const STORIES = [
  { containerId: 'demo-article-river-trees', title: 'City plants 10,000 trees along its river', accent: '#0b6e4f' },
  { containerId: 'demo-article-night-sky', title: 'Why the night sky is getting brighter', accent: '#3d2c8d' },
];

export function Story() {
  const [index, setIndex] = useState(0);
  const [welcome, setWelcome] = useState('');
  const story = STORIES[index % STORIES.length]!;
  // The theme: a CSS custom property the elements read (docs/elements.md lists them).
  const theme = { '--vf-color-accent': story.accent } as CSSProperties;

  // In the browser only, after hydration: the vf server this app talks to (here the one that serves it).
  useEffect(() => {
    register({ origin: window.location.origin });
  }, []);

  // React 19 does not attach an `on<event>` prop's listener to a custom element it hydrates
  // (react#35446), only to one it renders in the browser: a server-rendered page listens itself.
  const conversations = useRef<VfConversationsElement>(null);
  useEffect(() => {
    const element = conversations.current;
    const onLogin = (event: VfConversationsElementEventMap['vf-login-success']) =>
      setWelcome(`Welcome, ${event.detail.user.name}${event.detail.isNew ? ' (new account)' : ''}`);
    element?.addEventListener('vf-login-success', onLogin);
    return () => element?.removeEventListener('vf-login-success', onLogin);
  }, []);

  return (
    <main>
      <h1>{story.title}</h1>
      <p role="status">{welcome}</p>
      <button type="button" onClick={() => setIndex(index + 1)}>Next story</button>
      <vf-conversations
        vf-container-id={story.containerId}
        region-label={`Comments on ${story.title}`}
        style={theme}
        ref={conversations}
      />
    </main>
  );
}
