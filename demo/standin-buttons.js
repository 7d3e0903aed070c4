/*
 * demo/identity.html: the buttons that stand for a reader using the identity provider's own
 * sign-in on the page. `standinButtons(element, [[label, onClick], …])`.
 */
window.standinButtons = function (element, buttons) {
  buttons.forEach(function (entry) {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = entry[0];
    button.addEventListener('click', entry[1]);
    element.appendChild(button);
  });
};
