// demo/trending.html: the demo stories (server/demoTrending.ts) are all this page: ?story=N says
// which one is read.
const story = /^[1-6]$/.test(new URLSearchParams(location.search).get('story') ?? '') ? new URLSearchParams(location.search).get('story') : '1';
document.addEventListener('DOMContentLoaded', () => {
  for (const el of document.querySelectorAll('vf-trending-articles')) el.setAttribute('vf-container-id', `demo-trending-story-${story}`);
  document.querySelector('.kicker').textContent = `Story ${story} of the demo's six`;
});
