// demo/identity.html: the page sets up LoginRadius's script (demo/vendors/loginradius.js, loaded
// first) with the site's API key and app name.
var LRObject = new LoginRadiusV2({ apiKey: 'demo-loginradius-key', appName: 'vf-demo', apiDomain: location.origin + '/demo/standin/loginradius' });
