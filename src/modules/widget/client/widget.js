/*
 * Switchboard chat widget. Embed:
 *   <script src="https://{host}/widget.js" data-assistant-id="{uuid}" async></script>
 * Optional: data-variables='{"name":"Jane"}', data-open (opens the panel on load).
 * Plain JavaScript, no dependencies, no requests to anyone but the Switchboard host it came from.
 * Everything the model writes is rendered with textContent and createElement, never innerHTML.
 */
(() => {
  'use strict';
  if (window.Switchboard && window.Switchboard.version) return; // the snippet was pasted twice

  const script = document.currentScript || document.querySelector('script[data-assistant-id][src*="widget.js"]');
  if (!script || !script.dataset.assistantId) return;
  const BASE = new URL(script.src, location.href).origin;
  const ASSISTANT = script.dataset.assistantId;
  const STORE_KEY = 'switchboard:' + ASSISTANT;
  const MAX_MESSAGE = 2000;

  const STRINGS = {
    en: {
      close: 'Close chat',
      launcher: 'Chat with us',
      placeholder: 'Type your message…',
      send: 'Send',
      newChat: 'New conversation',
      typing: 'The assistant is typing',
      you: 'You',
      startNew: 'Start a new conversation',
      balance: 'The assistant cannot reply right now. Please try again later.',
      rate: 'Too many messages. Please wait {t} and try again.',
      ended: 'This conversation has ended.',
      failed: 'Something went wrong. Please try again.',
      network: 'Could not reach the chat. Check your connection and try again.',
      unavailable: 'The chat is not available right now.',
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Call',
      hangUp: 'Hang up',
      calling: 'Calling…',
      inCall: 'On the call. Speak now.',
      callEnded: 'Call ended.',
      micBlocked: 'The call needs your microphone. Allow it in your browser and try again.',
      callFailed: 'The call could not start. Please try again.',
    },
    de: {
      close: 'Chat schließen',
      launcher: 'Chatten Sie mit uns',
      placeholder: 'Nachricht eingeben…',
      send: 'Senden',
      newChat: 'Neue Unterhaltung',
      typing: 'Der Assistent schreibt',
      you: 'Sie',
      startNew: 'Neue Unterhaltung beginnen',
      balance: 'Der Assistent kann gerade nicht antworten. Bitte versuchen Sie es später erneut.',
      rate: 'Zu viele Nachrichten. Bitte warten Sie {t} und versuchen Sie es erneut.',
      ended: 'Diese Unterhaltung ist beendet.',
      failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
      network: 'Der Chat ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
      unavailable: 'Der Chat ist gerade nicht verfügbar.',
      seconds: '{n} s',
      minutes: '{n} Min.',
      call: 'Anrufen',
      hangUp: 'Auflegen',
      calling: 'Verbindung wird hergestellt…',
      inCall: 'Verbunden. Sie können jetzt sprechen.',
      callEnded: 'Anruf beendet.',
      micBlocked: 'Für den Anruf wird Ihr Mikrofon benötigt. Erlauben Sie es im Browser und versuchen Sie es erneut.',
      callFailed: 'Der Anruf konnte nicht gestartet werden. Bitte versuchen Sie es erneut.',
    },
    fr: {
      close: 'Fermer le chat',
      launcher: 'Discutons',
      placeholder: 'Écrivez votre message…',
      send: 'Envoyer',
      newChat: 'Nouvelle conversation',
      typing: "L'assistant écrit",
      you: 'Vous',
      startNew: 'Commencer une nouvelle conversation',
      balance: "L'assistant ne peut pas répondre pour le moment. Veuillez réessayer plus tard.",
      rate: 'Trop de messages. Veuillez patienter {t} puis réessayer.',
      ended: 'Cette conversation est terminée.',
      failed: "Une erreur s'est produite. Veuillez réessayer.",
      network: 'Impossible de joindre le chat. Vérifiez votre connexion et réessayez.',
      unavailable: "Le chat n'est pas disponible pour le moment.",
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Appeler',
      hangUp: 'Raccrocher',
      calling: 'Appel en cours…',
      inCall: 'Vous êtes en ligne. Parlez maintenant.',
      callEnded: 'Appel terminé.',
      micBlocked: "L'appel a besoin de votre micro. Autorisez-le dans votre navigateur et réessayez.",
      callFailed: "L'appel n'a pas pu démarrer. Veuillez réessayer.",
    },
    es: {
      close: 'Cerrar chat',
      launcher: 'Chatea con nosotros',
      placeholder: 'Escribe tu mensaje…',
      send: 'Enviar',
      newChat: 'Nueva conversación',
      typing: 'El asistente está escribiendo',
      you: 'Tú',
      startNew: 'Empezar una nueva conversación',
      balance: 'El asistente no puede responder ahora. Inténtalo más tarde.',
      rate: 'Demasiados mensajes. Espera {t} e inténtalo de nuevo.',
      ended: 'Esta conversación ha terminado.',
      failed: 'Algo salió mal. Inténtalo de nuevo.',
      network: 'No se pudo conectar con el chat. Comprueba tu conexión e inténtalo de nuevo.',
      unavailable: 'El chat no está disponible ahora.',
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Llamar',
      hangUp: 'Colgar',
      calling: 'Llamando…',
      inCall: 'En llamada. Ya puedes hablar.',
      callEnded: 'Llamada finalizada.',
      micBlocked: 'La llamada necesita tu micrófono. Permítelo en el navegador e inténtalo de nuevo.',
      callFailed: 'No se pudo iniciar la llamada. Inténtalo de nuevo.',
    },
    it: {
      close: 'Chiudi la chat',
      launcher: 'Scrivici',
      placeholder: 'Scrivi il tuo messaggio…',
      send: 'Invia',
      newChat: 'Nuova conversazione',
      typing: "L'assistente sta scrivendo",
      you: 'Tu',
      startNew: 'Inizia una nuova conversazione',
      balance: "L'assistente non può rispondere ora. Riprova più tardi.",
      rate: 'Troppi messaggi. Attendi {t} e riprova.',
      ended: 'Questa conversazione è terminata.',
      failed: 'Qualcosa è andato storto. Riprova.',
      network: 'Impossibile raggiungere la chat. Controlla la connessione e riprova.',
      unavailable: 'La chat non è disponibile al momento.',
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Chiama',
      hangUp: 'Riaggancia',
      calling: 'Chiamata in corso…',
      inCall: 'In linea. Puoi parlare.',
      callEnded: 'Chiamata terminata.',
      micBlocked: 'La chiamata richiede il microfono. Consentilo nel browser e riprova.',
      callFailed: 'Impossibile avviare la chiamata. Riprova.',
    },
    pt: {
      close: 'Fechar chat',
      launcher: 'Fale connosco',
      placeholder: 'Escreva a sua mensagem…',
      send: 'Enviar',
      newChat: 'Nova conversa',
      typing: 'O assistente está a escrever',
      you: 'Você',
      startNew: 'Iniciar uma nova conversa',
      balance: 'O assistente não pode responder agora. Tente novamente mais tarde.',
      rate: 'Demasiadas mensagens. Aguarde {t} e tente novamente.',
      ended: 'Esta conversa terminou.',
      failed: 'Algo correu mal. Tente novamente.',
      network: 'Não foi possível contactar o chat. Verifique a ligação e tente novamente.',
      unavailable: 'O chat não está disponível de momento.',
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Ligar',
      hangUp: 'Desligar',
      calling: 'A ligar…',
      inCall: 'Em chamada. Pode falar.',
      callEnded: 'Chamada terminada.',
      micBlocked: 'A chamada precisa do seu microfone. Permita-o no navegador e tente novamente.',
      callFailed: 'Não foi possível iniciar a chamada. Tente novamente.',
    },
    nl: {
      close: 'Chat sluiten',
      launcher: 'Chat met ons',
      placeholder: 'Typ je bericht…',
      send: 'Versturen',
      newChat: 'Nieuw gesprek',
      typing: 'De assistent typt',
      you: 'Jij',
      startNew: 'Een nieuw gesprek beginnen',
      balance: 'De assistent kan nu niet antwoorden. Probeer het later opnieuw.',
      rate: 'Te veel berichten. Wacht {t} en probeer het opnieuw.',
      ended: 'Dit gesprek is beëindigd.',
      failed: 'Er ging iets mis. Probeer het opnieuw.',
      network: 'De chat is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
      unavailable: 'De chat is nu niet beschikbaar.',
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Bellen',
      hangUp: 'Ophangen',
      calling: 'Bezig met bellen…',
      inCall: 'In gesprek. Je kunt nu spreken.',
      callEnded: 'Gesprek beëindigd.',
      micBlocked: 'Voor het gesprek is je microfoon nodig. Sta die toe in je browser en probeer het opnieuw.',
      callFailed: 'Het gesprek kon niet starten. Probeer het opnieuw.',
    },
    ro: {
      close: 'Închide chatul',
      launcher: 'Scrie-ne',
      placeholder: 'Scrie mesajul tău…',
      send: 'Trimite',
      newChat: 'Conversație nouă',
      typing: 'Asistentul scrie',
      you: 'Tu',
      startNew: 'Începe o conversație nouă',
      balance: 'Asistentul nu poate răspunde acum. Încearcă din nou mai târziu.',
      rate: 'Prea multe mesaje. Așteaptă {t} și încearcă din nou.',
      ended: 'Această conversație s-a încheiat.',
      failed: 'Ceva nu a mers. Încearcă din nou.',
      network: 'Chatul nu poate fi accesat. Verifică conexiunea și încearcă din nou.',
      unavailable: 'Chatul nu este disponibil acum.',
      seconds: '{n} s',
      minutes: '{n} min',
      call: 'Sună',
      hangUp: 'Închide',
      calling: 'Se apelează…',
      inCall: 'În apel. Poți vorbi acum.',
      callEnded: 'Apel încheiat.',
      micBlocked: 'Apelul are nevoie de microfon. Permite-l în browser și încearcă din nou.',
      callFailed: 'Apelul nu a putut porni. Încearcă din nou.',
    },
  };

  const CSS = `
:host{all:initial}
*{box-sizing:border-box}
.sb{--p:#2563eb;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
.launcher{position:fixed;bottom:20px;right:20px;z-index:2147483000;display:flex;align-items:center;gap:8px;min-height:52px;padding:0 18px;border:0;border-radius:26px;background:var(--p);color:#fff;font:inherit;font-weight:600;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.2)}
.left .launcher,.left .panel{right:auto;left:20px}
.launcher:focus-visible,button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.launcher svg{width:22px;height:22px;fill:currentColor}
.panel{position:fixed;bottom:84px;right:20px;z-index:2147483001;width:370px;height:min(600px,calc(100vh - 110px));display:flex;flex-direction:column;background:#fff;border-radius:14px;overflow:hidden;box-shadow:0 12px 40px rgba(0,0,0,.25)}
.panel[hidden],[hidden]{display:none!important}
header{display:flex;align-items:center;gap:10px;padding:12px 12px 12px 16px;background:var(--p);color:#fff}
header img{width:36px;height:36px;border-radius:50%;object-fit:cover;background:#fff}
.who{flex:1;min-width:0}
.title{margin:0;font-size:16px;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.subtitle{margin:0;font-size:12px;opacity:.9}
header button{width:34px;height:34px;border:0;border-radius:8px;background:transparent;color:inherit;font-size:20px;line-height:1;cursor:pointer}
header button:hover{background:rgba(255,255,255,.18)}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px;background:#f9fafb}
.msg{max-width:85%;display:flex;flex-direction:column;gap:2px}
.msg.user{align-self:flex-end;align-items:flex-end}
.bubble{padding:9px 12px;border-radius:14px;background:#fff;border:1px solid #e5e7eb;white-space:normal;overflow-wrap:anywhere}
.user .bubble{background:var(--p);border-color:var(--p);color:#fff}
.bubble p{margin:0}.bubble p+p,.bubble ul{margin-top:6px}.bubble ul{margin-bottom:0;padding-left:20px}
.bubble code{font:12px ui-monospace,Menlo,Consolas,monospace;background:rgba(0,0,0,.07);padding:1px 4px;border-radius:4px}
.bubble a{color:inherit;text-decoration:underline}
time{font-size:11px;color:#6b7280;padding:0 4px}
.notice{align-self:stretch;padding:8px 12px;border-radius:10px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.notice button{display:block;margin-top:6px;padding:6px 10px;border:0;border-radius:8px;background:var(--p);color:#fff;font:inherit;cursor:pointer}
.typing{align-self:flex-start;display:flex;gap:4px;padding:12px;border-radius:14px;background:#fff;border:1px solid #e5e7eb}
.typing i{width:7px;height:7px;border-radius:50%;background:#9ca3af;animation:b 1s infinite}
.typing i:nth-child(2){animation-delay:.15s}.typing i:nth-child(3){animation-delay:.3s}
@keyframes b{0%,80%,100%{opacity:.3}40%{opacity:1}}
@media (prefers-reduced-motion:reduce){.typing i{animation:none}}
form{display:flex;gap:8px;padding:10px;border-top:1px solid #e5e7eb;background:#fff}
textarea{flex:1;resize:none;height:42px;max-height:120px;padding:10px 12px;border:1px solid #d1d5db;border-radius:10px;font:inherit;color:inherit;background:#fff}
form button{padding:0 14px;border:0;border-radius:10px;background:var(--p);color:#fff;font:inherit;font-weight:600;cursor:pointer}
form button:disabled{opacity:.5;cursor:default}
.callbar{display:flex;align-items:center;gap:8px;padding:8px 14px;background:#ecfdf5;color:#065f46;border-bottom:1px solid #a7f3d0;font-size:13px}
header button.hangup{background:#b91c1c}
.msg.spoken .bubble{border-style:dashed}
.msg.spoken time::before{content:'☎ '}
header button.hangup:hover{background:#991b1b}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){
.panel{inset:0;width:100%;height:100%;max-height:none;border-radius:0}
.sb.open .launcher{display:none}
}`;

  const listeners = {};
  let variables = parseVariables(script.dataset.variables);
  let config = null;
  let t = STRINGS.en;
  let ui = null;
  let state = loadState();
  let busy = false;
  let historyShown = false;
  let openOnLoad = script.hasAttribute('data-open') && script.dataset.open !== 'false';

  function emit(event, detail) {
    for (const fn of listeners[event] || []) {
      try {
        fn(detail);
      } catch (error) {
        console.error('[switchboard] listener failed', error);
      }
    }
  }

  function parseVariables(text) {
    if (!text) return {};
    try {
      const value = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch (_) {
      /* reported below */
    }
    console.warn('[switchboard] data-variables is not a JSON object; ignored');
    return {};
  }

  // Private mode and blocked storage throw: the chat still works, it just is not kept.
  function loadState() {
    try {
      return JSON.parse(localStorage.getItem(STORE_KEY)) || {};
    } catch (_) {
      return {};
    }
  }
  function saveState() {
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(state));
    } catch (_) {
      /* not kept */
    }
  }

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'text') node.textContent = value;
      else if (key === 'class') node.className = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : value);
    }
    for (const child of children || []) if (child) node.append(child);
    return node;
  }

  // ---- safe rendering: a small markdown subset, built as DOM nodes ----

  const INLINE =
    /(`[^`\n]+`)|(\*\*[^*\n]+\*\*)|(\*[^*\s][^*\n]*\*|\b_[^_\n]+_\b)|(\[[^\]\n]+\]\([^()\s]+\))|((?:https?:\/\/|mailto:)[^\s<>()]*[^\s<>().,;:!?'"])/g;

  function safeHref(raw) {
    try {
      const url = new URL(raw);
      return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
    } catch (_) {
      return null;
    }
  }

  function link(text, href) {
    const safe = safeHref(href);
    if (!safe) return document.createTextNode(text);
    return el('a', { href: safe, target: '_blank', rel: 'noopener noreferrer', text });
  }

  function inline(text) {
    const out = document.createDocumentFragment();
    let last = 0;
    for (const match of text.matchAll(INLINE)) {
      if (match.index > last) out.append(text.slice(last, match.index));
      const [whole, code, bold, italic, md, url] = match;
      if (code) out.append(el('code', { text: code.slice(1, -1) }));
      else if (bold) out.append(el('strong', {}, [inline(bold.slice(2, -2))]));
      else if (italic) out.append(el('em', {}, [inline(italic.slice(1, -1))]));
      else if (md) {
        const split = md.lastIndexOf('](');
        out.append(link(md.slice(1, split), md.slice(split + 2, -1)));
      } else if (url) out.append(link(url, url));
      else out.append(whole);
      last = match.index + whole.length;
    }
    if (last < text.length) out.append(text.slice(last));
    return out;
  }

  function renderMarkdown(text) {
    const out = document.createDocumentFragment();
    for (const block of String(text).split(/\n{2,}/)) {
      const lines = block.split('\n');
      if (lines.every((line) => /^\s*[-*•]\s+/.test(line))) {
        out.append(
          el(
            'ul',
            {},
            lines.map((line) => el('li', {}, [inline(line.replace(/^\s*[-*•]\s+/, ''))])),
          ),
        );
        continue;
      }
      const p = el('p');
      lines.forEach((line, i) => {
        if (i > 0) p.append(el('br'));
        p.append(inline(line));
      });
      out.append(p);
    }
    return out;
  }

  // ---- the DOM ----

  function formatTime(iso) {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return null;
    return el('time', {
      datetime: date.toISOString(),
      text: new Intl.DateTimeFormat(config.language, { hour: '2-digit', minute: '2-digit' }).format(date),
    });
  }

  function fillGreeting(text) {
    return text
      .replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, name) => (variables[name] == null ? '' : String(variables[name])))
      .replace(/\s+([!?.,])/g, '$1')
      .trim();
  }

  function addMessage(role, content, at) {
    const bubble = el('div', { class: 'bubble' }, [renderMarkdown(content)]);
    const label = el('span', { class: 'sr', text: (role === 'user' ? t.you : config.settings.title) + ': ' });
    const node = el('div', { class: 'msg ' + role }, [label, bubble, at ? formatTime(at) : null]);
    ui.log.append(node);
    scrollDown();
    return { node, bubble };
  }

  function scrollDown() {
    ui.log.scrollTop = ui.log.scrollHeight;
  }

  function showTyping(on) {
    if (on && !ui.typing.isConnected) ui.log.append(ui.typing);
    if (!on) ui.typing.remove();
    scrollDown();
  }

  function notice(text, withNewButton) {
    const node = el('div', { class: 'notice', role: 'alert' }, [
      el('span', { text }),
      withNewButton ? el('button', { type: 'button', text: t.startNew, onclick: () => newConversation() }) : null,
    ]);
    ui.log.append(node);
    scrollDown();
  }

  function buildUi() {
    const host = el('div', { id: 'switchboard-widget' });
    const root = host.attachShadow({ mode: 'open' });
    const s = config.settings;
    const panelId = 'sb-panel';
    // Named by its visible text (WCAG 2.5.3); aria-expanded says whether the chat is open.
    const launcher = el('button', {
      class: 'launcher',
      type: 'button',
      'aria-expanded': 'false',
      'aria-controls': panelId,
      onclick: () => (ui.panel.hidden ? open() : close()),
    });
    launcher.append(chatIcon(), el('span', { text: s.launcher_text || t.launcher }));
    const input = el('textarea', {
      rows: '1',
      maxlength: String(MAX_MESSAGE),
      placeholder: t.placeholder,
      'aria-label': t.placeholder,
      onkeydown: onInputKey,
    });
    const sendButton = el('button', { type: 'submit', text: t.send });
    const form = el(
      'form',
      {
        onsubmit: (event) => {
          event.preventDefault();
          submit();
        },
      },
      [input, sendButton],
    );
    const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions text' });
    const typing = el('div', { class: 'typing', role: 'status', 'aria-label': t.typing }, [el('i'), el('i'), el('i')]);
    const callToggle = callButton();
    const callbar = el('div', { class: 'callbar', role: 'status', hidden: true, 'data-received-ms': '0' });
    const header = el('header', {}, [
      s.avatar_url ? el('img', { src: s.avatar_url, alt: '', referrerpolicy: 'no-referrer' }) : null,
      el('div', { class: 'who' }, [
        el('h2', { class: 'title', id: 'sb-title', text: s.title }),
        s.subtitle ? el('p', { class: 'subtitle', text: s.subtitle }) : null,
      ]),
      callToggle,
      el('button', { type: 'button', 'aria-label': t.newChat, title: t.newChat, text: '↻', onclick: () => newConversation() }),
      el('button', { type: 'button', 'aria-label': t.close, title: t.close, text: '×', onclick: () => close() }),
    ]);
    const panel = el(
      'div',
      {
        class: 'panel',
        id: panelId,
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'sb-title',
        hidden: true,
        onkeydown: onPanelKey,
      },
      [header, callbar, log, form],
    );
    const wrap = el('div', { class: 'sb' + (s.position === 'bottom-left' ? ' left' : '') }, [launcher, panel]);
    wrap.style.setProperty('--p', s.primary_color);
    root.append(el('style', { text: CSS }), wrap);
    document.body.append(host);
    return { host, root, wrap, launcher, panel, log, input, sendButton, typing, callToggle, callbar };
  }

  function chatIcon() {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z');
    svg.append(path);
    return svg;
  }

  // ---- browser calls: the microphone at 16 kHz to the call's socket, the assistant's voice back ----

  const CALL_RATE = 16000;
  let call = null;

  // Shown when this server can carry a call of the assistant (its speech providers are configured).
  function callButton() {
    if (!config.call || !config.call.enabled) return null;
    return el('button', {
      type: 'button',
      class: 'call',
      'aria-label': t.call,
      title: t.call,
      text: '☎',
      onclick: () => (call ? hangUp() : startCall()),
    });
  }

  function showCallState(text, active) {
    ui.callbar.hidden = false;
    ui.callbar.textContent = text;
    ui.callToggle.classList.toggle('hangup', active);
    ui.callToggle.setAttribute('aria-label', active ? t.hangUp : t.call);
    ui.callToggle.title = active ? t.hangUp : t.call;
  }

  // The microphone first: no call is started (and billed) for a visitor who cannot speak.
  async function startCall() {
    call = { socket: null, context: null, microphone: null, playhead: 0, receivedMs: 0, playing: new Set() };
    const current = call;
    showCallState(t.calling, true);
    try {
      current.context = new AudioContext();
      await current.context.audioWorklet.addModule(BASE + '/call/assets/capture-worklet.js');
      current.microphone = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      console.warn('[switchboard] no microphone for the call', error);
      return endCall(current, t.micBlocked);
    }
    // Hung up while the browser asked for the microphone.
    if (current !== call) return current.microphone.getTracks().forEach((track) => track.stop());
    try {
      const res = await api('/api/calls/web', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ assistant_id: ASSISTANT, variables }),
      });
      if (!res.ok) return endCall(current, res.status === 503 ? t.callFailed : (await describeFailure(res)).text);
      if (current === call) openCallSocket(current, (await res.json()).websocket_url);
    } catch (error) {
      console.warn('[switchboard] the call could not start', error);
      endCall(current, t.network);
    }
  }

  function openCallSocket(current, url) {
    const socket = new WebSocket(url);
    current.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      showCallState(t.inCall, true);
      const capture = new AudioWorkletNode(current.context, 'capture-16k');
      capture.port.onmessage = (message) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(message.data);
      };
      current.context.createMediaStreamSource(current.microphone).connect(capture);
      emit('call', { state: 'connected' });
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return playCallAudio(current, message.data);
      let event;
      try {
        event = JSON.parse(message.data);
      } catch (_) {
        return;
      }
      // What was said on the call joins the chat, marked as spoken.
      if (event.type === 'transcript' && event.final && event.text)
        addMessage(event.role === 'user' ? 'user' : 'assistant', event.text, new Date().toISOString()).node.classList.add('spoken');
      else if (event.type === 'clear') clearCallAudio(current);
      else if (event.type === 'end') endCall(current, t.callEnded, { letAudioFinish: true });
    };
    socket.onclose = () => endCall(current, t.callEnded, { letAudioFinish: true });
  }

  function playCallAudio(current, buffer) {
    const samples = new Int16Array(buffer);
    const audio = current.context.createBuffer(1, samples.length, CALL_RATE);
    const channel = audio.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i] / 0x8000;
    const source = current.context.createBufferSource();
    source.buffer = audio;
    source.connect(current.context.destination);
    current.playhead = Math.max(current.playhead, current.context.currentTime + 0.02);
    source.start(current.playhead);
    current.playhead += audio.duration;
    current.playing.add(source);
    source.onended = () => current.playing.delete(source);
    current.receivedMs += (samples.length / CALL_RATE) * 1000;
    ui.callbar.dataset.receivedMs = String(Math.round(current.receivedMs));
  }

  // The visitor spoke over the assistant: drop what is queued.
  function clearCallAudio(current) {
    for (const source of current.playing) source.stop();
    current.playing.clear();
    current.playhead = current.context.currentTime;
  }

  function hangUp() {
    if (call && call.socket && call.socket.readyState === WebSocket.OPEN) call.socket.send(JSON.stringify({ type: 'end' }));
    endCall(call, t.callEnded);
  }

  // Ended by the visitor (silence at once) or by the assistant (its goodbye plays out).
  function endCall(current, text, options) {
    if (!current || current !== call) return;
    call = null;
    if (current.microphone) current.microphone.getTracks().forEach((track) => track.stop());
    const socket = current.socket;
    if (socket && socket.readyState <= WebSocket.OPEN) setTimeout(() => socket.close(), 500);
    if (current.context) {
      const remainingMs = options && options.letAudioFinish ? Math.max(0, current.playhead - current.context.currentTime) * 1000 : 0;
      setTimeout(() => current.context.close().catch(() => {}), remainingMs + 100);
    }
    showCallState(text, false);
    emit('call', { state: 'ended' });
  }

  function onInputKey(event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  // Keyboard: Escape closes, Tab stays inside the open dialog.
  function onPanelKey(event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...ui.panel.querySelectorAll('button, textarea, a[href]')].filter(
      (node) => !node.disabled && node.getClientRects().length > 0,
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = ui.root.activeElement;
    if (event.shiftKey && (active === first || !ui.panel.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // ---- talking to the server ----

  function api(path, options) {
    return fetch(BASE + path, { mode: 'cors', credentials: 'omit', ...options });
  }

  function waitText(seconds) {
    const n = Math.max(1, Math.ceil(seconds));
    return t.rate.replace('{t}', n >= 120 ? t.minutes.replace('{n}', Math.ceil(n / 60)) : t.seconds.replace('{n}', n));
  }

  /** A refused request as the visitor's sentence; `ended` asks for the new-conversation button. */
  async function describeFailure(res) {
    let body = {};
    try {
      body = await res.json();
    } catch (_) {
      /* no JSON */
    }
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after')) || Number(body.retry_after) || 60;
      return { text: waitText(seconds) };
    }
    if (res.status === 409) return { text: t.ended, ended: true };
    if (res.status === 400 && /balance/i.test(body.error || '')) return { text: t.balance };
    if (res.status === 404) return { text: t.unavailable, ended: true, gone: true };
    return { text: t.failed };
  }

  async function ensureConversation() {
    if (state.conversation) return true;
    const res = await api('/api/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assistant_id: ASSISTANT, variables }),
    });
    if (!res.ok) {
      const failure = await describeFailure(res);
      notice(failure.text, false);
      return false;
    }
    const created = await res.json();
    const greetingAt = state.greetingAt || new Date().toISOString();
    state = {
      conversation: created.conversation_id,
      greeting: state.greeting,
      greetingAt,
      times: (created.history || []).map(() => greetingAt),
    };
    saveState();
    return true;
  }

  async function submit() {
    const text = ui.input.value.trim();
    if (!text || busy) return;
    busy = true;
    ui.sendButton.disabled = true;
    ui.input.value = '';
    const at = new Date().toISOString();
    addMessage('user', text, at);
    emit('message', { role: 'user', content: text });
    showTyping(true);
    try {
      if (await ensureConversation()) await sendMessage(text, at);
    } catch (error) {
      console.warn('[switchboard] request failed', error);
      notice(t.network, false);
    } finally {
      showTyping(false);
      busy = false;
      ui.sendButton.disabled = false;
      ui.input.focus();
    }
  }

  async function sendMessage(text, at) {
    const res = await api('/api/conversations/' + encodeURIComponent(state.conversation) + '/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: text }),
    });
    if (!res.ok) {
      const failure = await describeFailure(res);
      if (failure.gone) forgetConversation();
      notice(failure.text, failure.ended);
      return;
    }
    remember(at);
    let reply = null;
    let content = '';
    const finish = (final) => {
      if (final !== undefined) content = final;
      if (!reply) reply = addMessage('assistant', content, new Date().toISOString());
      reply.bubble.replaceChildren(renderMarkdown(content));
      scrollDown();
    };
    if (!(res.headers.get('content-type') || '').includes('text/event-stream')) {
      const body = await res.json();
      finish(body.message || '');
    } else {
      const outcome = await readEvents(res, (event, data) => {
        if (event === 'token') {
          showTyping(false);
          content += data.content || '';
          finish();
        } else if (event === 'done') {
          finish(data.message || content);
        } else if (event === 'error') {
          showTyping(false);
          notice(t.failed, false);
        }
      });
      if (outcome !== 'done') return;
    }
    remember(new Date().toISOString());
    emit('message', { role: 'assistant', content });
  }

  /** Server-sent events from a fetch body; returns the last event's name. */
  async function readEvents(res, onEvent) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let last = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = (/^event: ?(.*)$/m.exec(block) || [])[1] || 'message';
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        let parsed = {};
        try {
          parsed = data ? JSON.parse(data) : {};
        } catch (_) {
          continue;
        }
        last = event;
        onEvent(event, parsed);
      }
    }
    return last;
  }

  function remember(at) {
    state.times = state.times || [];
    state.times.push(at);
    saveState();
  }

  function forgetConversation() {
    state = {};
    saveState();
  }

  function showGreeting() {
    const greeting = fillGreeting(config.greeting || '');
    if (!greeting) return;
    state.greetingAt = state.greetingAt || new Date().toISOString();
    state.greeting = greeting;
    addMessage('assistant', greeting, state.greetingAt);
  }

  async function showHistory() {
    historyShown = true;
    if (!state.conversation) return showGreeting();
    let res;
    try {
      res = await api('/api/conversations/' + encodeURIComponent(state.conversation));
    } catch (error) {
      console.warn('[switchboard] could not load the conversation', error);
      return notice(t.network, false);
    }
    if (!res.ok) {
      // Gone or no longer served: start afresh rather than show an error for an old chat.
      forgetConversation();
      return showGreeting();
    }
    const body = await res.json();
    const times = state.times || [];
    const history = (body.history || []).filter((m) => (m.role === 'user' || m.role === 'assistant') && m.content);
    // The greeting the visitor saw (an override, or filled from this page's variables) stays
    // in place of the stored initial message.
    history.forEach((m, i) =>
      addMessage(m.role, i === 0 && m.role === 'assistant' && state.greeting ? state.greeting : m.content, times[i]),
    );
  }

  // ---- public API ----

  function open() {
    if (!ui) return void (openOnLoad = true);
    if (!ui.panel.hidden) return;
    ui.panel.hidden = false;
    ui.wrap.classList.add('open');
    ui.launcher.setAttribute('aria-expanded', 'true');
    if (!historyShown) showHistory();
    ui.input.focus();
    emit('open', {});
  }

  function close() {
    if (!ui || ui.panel.hidden) return;
    ui.panel.hidden = true;
    ui.wrap.classList.remove('open');
    ui.launcher.setAttribute('aria-expanded', 'false');
    ui.launcher.focus();
    emit('close', {});
  }

  function newConversation() {
    forgetConversation();
    if (!ui) return;
    ui.log.replaceChildren();
    historyShown = true;
    showGreeting();
    ui.input.focus();
  }

  window.Switchboard = {
    version: '1',
    open,
    close,
    toggle: () => (ui && !ui.panel.hidden ? close() : open()),
    /** Merged into the variables of the next conversation (the current one keeps its own). */
    setVariables(values) {
      if (values && typeof values === 'object') variables = { ...variables, ...values };
    },
    newConversation,
    on(event, fn) {
      (listeners[event] = listeners[event] || []).push(fn);
    },
    off(event, fn) {
      listeners[event] = (listeners[event] || []).filter((f) => f !== fn);
    },
    /** Rendering of model text, exposed for checking what a reply turns into. */
    _render: (text) => el('div', {}, [renderMarkdown(text)]),
  };

  async function start() {
    let res;
    try {
      res = await api('/api/widget/' + encodeURIComponent(ASSISTANT) + '/config');
    } catch (error) {
      return console.warn('[switchboard] could not reach ' + BASE, error);
    }
    if (!res.ok) {
      // The site's owner reads this in the console: the server's reason says what to do (e.g. activate the assistant).
      const reason = await res.json().then(
        (body) => body.error,
        () => null,
      );
      return console.warn('[switchboard] the assistant is not available (HTTP ' + res.status + ')' + (reason ? ': ' + reason : ''));
    }
    config = await res.json();
    t = STRINGS[config.language] || STRINGS.en;
    ui = buildUi();
    performance.mark('switchboard:launcher-visible');
    window.dispatchEvent(new CustomEvent('switchboard:ready'));
    emit('ready', {});
    if (openOnLoad) open();
  }

  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
})();
