// demo/spa.html: how a single-page app tells vf about a new page (docs/global-api.md).
var stories = {
  one: { id: 'demo-spa-story-one', headline: 'The ferry timetable changes on Monday' },
  two: { id: 'demo-spa-story-two', headline: 'Library extends its opening hours' },
};
document.querySelectorAll('[data-story]').forEach(function (link) {
  link.addEventListener('click', function (event) {
    event.preventDefault();
    var story = stories[link.dataset.story];
    document.getElementById('headline').textContent = story.headline;
    document.querySelector('meta[name="vf:container_id"]').content = story.id;
    history.pushState(null, '', '#' + link.dataset.story);
    window.vf.context.reset();
  });
});
