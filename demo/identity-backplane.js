// demo/identity.html: the publisher's page joins the site's Backplane bus (demo/vendors/backplane.js,
// loaded first).
Backplane.init({ serverBaseURL: location.origin + '/demo/standin/backplane', busName: 'vf-demo-bus' });
