/*
 * The vendor's side of the identity platforms' page-script stand-ins (demo/vendors/gigya.js,
 * janrain.js, loginradius.js, backplane.js; docs/login.md "Stand-ins"): the Gigya and Janrain
 * demo readers, and a panel — a status line and one button per action — drawn into every
 * element a selector matches. Load it before them.
 */
(function () {
  var READERS = [{ id: 'ada', name: 'Ada Lovelace' }, { id: 'grace', name: 'Grace Hopper' }];

  /** actions: [[label, onClick], …]; attributes: set on each panel element. */
  function panel(selector, status, actions, attributes) {
    var boxes = document.querySelectorAll(selector);
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      box.textContent = '';
      Object.keys(attributes || {}).forEach(function (name) { box.setAttribute(name, attributes[name]); });
      var line = document.createElement('p');
      line.setAttribute('role', 'status');
      line.textContent = status;
      box.appendChild(line);
      actions.forEach(function (action) {
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = action[0];
        b.addEventListener('click', action[1]);
        box.appendChild(b);
      });
    }
  }
  panel.readers = READERS;
  panel.nameOf = function (id) {
    var reader = READERS.filter(function (r) { return r.id === id; })[0];
    return reader ? reader.name : id;
  };
  /** Runs `render` once the document's elements are there. */
  panel.whenReady = function (render) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
    else render();
  };
  window.vfStandInPanel = panel;
})();
