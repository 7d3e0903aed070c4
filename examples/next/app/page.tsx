import { Story } from './Story';

// Rendered at build time (static export): Story's HTML, <vf-conversations> included, is in the page.
export default function Page() {
  return <Story />;
}
