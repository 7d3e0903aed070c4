// demo/reviews.html: a publisher knows its top reviewer's uuid; the demo asks for the author of
// the most helpful review.
fetch('/api/v2/reviews/5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c?container_id=demo-cookbook-bread&sorted_by=most_helpful&limit=1')
  .then((response) => response.json())
  .then(({ result }) => {
    const author = result.contents[0]?.actor;
    if (!author) return;
    document.getElementById('rater-title').textContent = `More from ${author.name}, a top reviewer`;
    document.getElementById('top-reviewer').setAttribute('user-uuid', author.uuid);
  });
