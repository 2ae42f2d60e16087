// The test call page: starts a browser call for the assistant in the URL, streams the microphone
// as 16 kHz PCM16, plays what comes back, and shows the live transcript. Talks only to this server.
const RATE = 16000;
const assistantId = location.pathname.split('/').filter(Boolean).pop();
const $ = (id) => document.getElementById(id);
const callButton = $('call');
const hangupButton = $('hangup');
const statusLine = $('status');
const transcript = $('transcript');

let socket = null;
let context = null;
let microphone = null;
let playheadTime = 0;
let receivedMs = 0;
let sentMs = 0;
const playing = new Set();
const partial = { user: null, assistant: null };

function setStatus(text, state) {
  statusLine.textContent = text;
  statusLine.dataset.state = state;
}

function line(role, text, final) {
  let item = partial[role];
  if (!item) {
    item = document.createElement('li');
    item.className = role;
    transcript.append(item);
  }
  item.textContent = (role === 'user' ? 'You: ' : 'Assistant: ') + text;
  item.classList.toggle('partial', !final);
  partial[role] = final ? null : item;
}

function note(text) {
  const item = document.createElement('li');
  item.className = 'event';
  item.textContent = text;
  transcript.append(item);
}

function play(buffer) {
  const samples = new Int16Array(buffer);
  const audio = context.createBuffer(1, samples.length, RATE);
  const channel = audio.getChannelData(0);
  for (let i = 0; i < samples.length; i++) channel[i] = samples[i] / 0x8000;
  const source = context.createBufferSource();
  source.buffer = audio;
  source.connect(context.destination);
  playheadTime = Math.max(playheadTime, context.currentTime + 0.02);
  source.start(playheadTime);
  playheadTime += audio.duration;
  playing.add(source);
  source.onended = () => playing.delete(source);
  receivedMs += (samples.length / RATE) * 1000;
  statusLine.dataset.receivedMs = String(Math.round(receivedMs));
}

// The caller spoke over the assistant: drop everything queued.
function clearPlayback() {
  for (const source of playing) source.stop();
  playing.clear();
  playheadTime = context.currentTime;
}

function onEvent(event) {
  if (event.type === 'transcript') line(event.role, event.text, event.final);
  else if (event.type === 'clear') clearPlayback();
  else if (event.type === 'speaking') setStatus(event.role === 'assistant' ? 'The assistant is speaking.' : 'Listening.', 'connected');
  else if (event.type === 'function_call') note(`Function ${event.name}`);
  else if (event.type === 'end') finish(`Call ended (${event.reason}).`);
}

async function start() {
  callButton.disabled = true;
  setStatus('Starting the call…', 'starting');
  try {
    context = new AudioContext();
    await context.audioWorklet.addModule('/call/assets/capture-worklet.js');
    microphone = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    const token = $('token').value.trim();
    const response = await fetch('/api/calls/web', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ assistant_id: assistantId }),
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(body.error || body.message || `The call could not start (${response.status}).`);
    connect(body.websocket_url);
  } catch (error) {
    finish(error.message || String(error));
  }
}

function connect(url) {
  const own = new WebSocket(url);
  socket = own;
  socket.binaryType = 'arraybuffer';
  socket.onopen = () => {
    setStatus('Connected.', 'connected');
    hangupButton.disabled = false;
    const capture = new AudioWorkletNode(context, 'capture-16k');
    capture.port.onmessage = (message) => {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(message.data);
        sentMs += 20;
        statusLine.dataset.sentMs = String(sentMs);
      }
    };
    context.createMediaStreamSource(microphone).connect(capture);
  };
  socket.onmessage = (message) => {
    if (typeof message.data === 'string') onEvent(JSON.parse(message.data));
    else play(message.data);
  };
  socket.onclose = () => {
    if (socket === own) finish('Call ended.');
  };
}

function hangUp() {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'end' }));
  finish('Call ended.');
}

function finish(text) {
  if (statusLine.dataset.state === 'ended') return;
  setStatus(text, 'ended');
  hangupButton.disabled = true;
  callButton.disabled = false;
  if (microphone) microphone.getTracks().forEach((track) => track.stop());
  microphone = null;
  // Give the server the page's end event before the socket goes.
  const closing = socket;
  if (closing && closing.readyState <= WebSocket.OPEN) setTimeout(() => closing.close(), 500);
}

callButton.addEventListener('click', () => {
  statusLine.dataset.state = 'idle';
  void start();
});
hangupButton.addEventListener('click', hangUp);
