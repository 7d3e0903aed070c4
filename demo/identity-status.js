// demo/identity.html: vf's login events, shown on the page (docs/events.md "authentication"):
// what the identity platforms' logins did. A file, not inline: the demo pages run under a strict
// Content-Security-Policy too (docs/server.md "Content-Security-Policy").
window.vfQ = window.vfQ || [];
window.vfQ.push(function () {
  var say = function (text) { document.getElementById('identity-vf-status').textContent = text; };
  window.vf.$subscribe('authentication', 'login', function (payload) { say('vf: signed in as ' + payload.user.name + ' (' + payload.type + ')'); });
  window.vf.$subscribe('authentication', 'logout', function () { say('vf: signed out'); });
  window.vf.$subscribe('authentication', 'login_failure', function (payload) { say('vf refused the ' + payload.type + ' login: ' + payload.error.message); });
});
