/*
 * A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served by the e2e test
 * in place of the real script, which this machine cannot reach. It speaks what
 * @stripe/stripe-js and @stripe/react-stripe-js use: `window.Stripe(key)` with elements(),
 * elements.create('payment') mounting a card form, confirmPayment and confirmSetup. Those
 * confirm through Stripe's browser API (`POST https://api.stripe.com/v1/payment_intents/:id/confirm`
 * with the publishable key and client secret), which the test routes to the local Stripe
 * stand-in server. Plain inputs stand in for Stripe's iframes.
 */
(function () {
  'use strict';
  var API = 'https://api.stripe.com/v1';

  function form(fields) {
    return Object.keys(fields)
      .map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(fields[k]); })
      .join('&');
  }

  function intentId(clientSecret) {
    var i = clientSecret.indexOf('_secret_');
    return i > 0 ? clientSecret.slice(0, i) : clientSecret;
  }

  function PaymentElement(elements) {
    this.elements = elements;
    this.node = null;
    this.listeners = {};
  }
  PaymentElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    var box = document.createElement('div');
    box.className = 'stripe-standin-payment';
    box.style.display = 'grid';
    box.style.gap = '.5rem';
    [['Card number', 'cc-number', '4242 4242 4242 4242'], ['Expiration date', 'cc-exp', 'MM / YY'], ['Security code', 'cc-csc', 'CVC']].forEach(function (f) {
      var label = document.createElement('label');
      label.textContent = f[0];
      label.style.display = 'grid';
      var input = document.createElement('input');
      input.autocomplete = f[1];
      input.inputMode = 'numeric';
      input.placeholder = f[2];
      input.name = f[1];
      label.appendChild(input);
      box.appendChild(label);
    });
    host.appendChild(box);
    this.node = box;
    setTimeout(this.emit.bind(this, 'ready', { elementType: 'payment' }), 0);
  };
  PaymentElement.prototype.value = function (name) {
    var input = this.node && this.node.querySelector('input[name="' + name + '"]');
    return input ? input.value.replace(/\s+/g, '') : '';
  };
  PaymentElement.prototype.on = function (event, cb) { (this.listeners[event] = this.listeners[event] || []).push(cb); return this; };
  PaymentElement.prototype.off = function (event, cb) { this.listeners[event] = (this.listeners[event] || []).filter(function (c) { return c !== cb; }); return this; };
  PaymentElement.prototype.emit = function (event, payload) { (this.listeners[event] || []).forEach(function (cb) { cb(payload); }); };
  PaymentElement.prototype.update = function () {};
  PaymentElement.prototype.focus = function () { var i = this.node && this.node.querySelector('input'); if (i) i.focus(); };
  PaymentElement.prototype.blur = function () {};
  PaymentElement.prototype.clear = function () {};
  PaymentElement.prototype.unmount = function () { if (this.node) this.node.remove(); this.node = null; };
  PaymentElement.prototype.destroy = PaymentElement.prototype.unmount;
  PaymentElement.prototype.collapse = function () {};

  function Elements(stripe, options) {
    this.stripe = stripe;
    this.options = options || {};
    this.created = {};
  }
  Elements.prototype.create = function (type) {
    if (type !== 'payment') throw new Error('The Stripe.js stand-in only has the payment element, not ' + type);
    var el = new PaymentElement(this);
    this.created[type] = el;
    return el;
  };
  Elements.prototype.getElement = function (type) { return this.created[type] || null; };
  Elements.prototype.update = function (options) { Object.assign(this.options, options); };
  Elements.prototype.submit = function () { return Promise.resolve({}); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };

  function confirm(stripe, kind, params) {
    var elements = params.elements;
    var secret = params.clientSecret || (elements && elements.options.clientSecret);
    var card = elements && elements.getElement('payment');
    var path = kind === 'payment' ? '/payment_intents/' : '/setup_intents/';
    return fetch(API + path + intentId(secret) + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        key: stripe.key,
        client_secret: secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card ? card.value('cc-number') : '',
        return_url: (params.confirmParams && params.confirmParams.return_url) || '',
      }),
    })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        if (body.error) return { error: body.error };
        var result = {};
        result[kind === 'payment' ? 'paymentIntent' : 'setupIntent'] = body;
        return result;
      })
      .catch(function (err) { return { error: { type: 'api_connection_error', message: String(err) } }; });
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    this.key = key;
  }
  Stripe.version = 'endive';
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype.confirmPayment = function (params) { return confirm(this, 'payment', params); };
  Stripe.prototype.confirmSetup = function (params) { return confirm(this, 'setup', params); };
  Stripe.prototype.createToken = function () { return Promise.reject(new Error('not in the stand-in')); };
  Stripe.prototype.createPaymentMethod = function () { return Promise.reject(new Error('not in the stand-in')); };
  Stripe.prototype.confirmCardPayment = function () { return Promise.reject(new Error('not in the stand-in')); };
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};
  window.Stripe = Stripe;
})();
