import { describe, expect, it } from 'vitest';
import { manualTimers } from '../../../../../test/helpers/manual-timers.js';
import { endpointPauseMs, interruptRule, interruptSpeechMs, judgeTurnText, TurnEnds } from './endpointing.js';

describe('endpointing and interruption fields', () => {
  it('maps endpoint_sensitivity to the pause that ends a turn: 1000 ms at 0, 500 ms at the default 0.5, 167 ms at 5', () => {
    expect([0, 0.5, 1, 2, 5].map(endpointPauseMs)).toEqual([1000, 500, 357, 250, 167]);
    expect(endpointPauseMs(Number.NaN)).toBe(500);
  });

  it('maps interrupt_sensitivity to a level (-30 to -50 dBFS) and a length (300 to 50 ms) of speech', () => {
    expect(interruptRule(0)).toEqual({ minLevelRms: 1036, minSpeechMs: 300 });
    expect(interruptRule(0.5)).toEqual({ minLevelRms: 823, minSpeechMs: 200 });
    expect(interruptRule(5)).toEqual({ minLevelRms: 104, minSpeechMs: 50 });
    // min_interrupt_words stands in as 400 ms a word; the sensitivity's length when there are none.
    expect(interruptSpeechMs({ min_interrupt_words: 1, interrupt_sensitivity: 0.5 })).toBe(400);
    expect(interruptSpeechMs({ min_interrupt_words: 3, interrupt_sensitivity: 0.5 })).toBe(1200);
    expect(interruptSpeechMs({ min_interrupt_words: 0, interrupt_sensitivity: 0 })).toBe(300);
    expect(interruptSpeechMs({ min_interrupt_words: null, interrupt_sensitivity: 5 })).toBe(400);
  });

  it('judges a turn by its words: finished, unfinished or left to the pause', () => {
    expect(judgeTurnText('How much is a large pizza?')).toBe('finished');
    expect(judgeTurnText('Thank you, that is all I needed.')).toBe('finished');
    expect(judgeTurnText('My number is')).toBe('unfinished');
    expect(judgeTurnText('I would like to book a table for')).toBe('unfinished');
    expect(judgeTurnText('five five five,')).toBe('unfinished');
    expect(judgeTurnText('Well...')).toBe('unfinished');
    expect(judgeTurnText('I want the large one')).toBe('unknown');
    expect(judgeTurnText('  ')).toBe('unknown');
  });
});

describe('turn ends', () => {
  function setup(type: 'vad' | 'ai', pauseMs = 500) {
    const timers = manualTimers();
    const turns: string[] = [];
    let speaking = false;
    const ends = new TurnEnds({ type, pauseMs, timers: timers.timers, callerSpeaking: () => speaking, onTurn: (text) => turns.push(text) });
    return { timers, turns, ends, setSpeaking: (value: boolean) => (speaking = value) };
  }

  it('vad: the transcriber ends the turn on the full pause', () => {
    const { ends, turns } = setup('vad');
    expect(ends.transcriberPauseMs).toBe(500);
    ends.utteranceEnded('My number is');
    expect(turns).toEqual(['My number is']);
  });

  it('ai: a finished sentence ends the turn at the half pause, an unknown one after the rest of the pause', () => {
    const { ends, turns, timers } = setup('ai');
    expect(ends.transcriberPauseMs).toBe(250);
    ends.utteranceEnded('How much is a large pizza?');
    expect(turns).toEqual(['How much is a large pizza?']);
    ends.utteranceEnded('I want the large one');
    timers.advance(249);
    expect(turns).toHaveLength(1);
    timers.advance(1);
    expect(turns).toEqual(['How much is a large pizza?', 'I want the large one']);
  });

  it('ai: an unfinished sentence waits three pauses; the caller going on joins the same turn', () => {
    const { ends, turns, timers, setSpeaking } = setup('ai');
    ends.utteranceEnded('My number is');
    timers.advance(1000);
    expect(turns).toEqual([]);
    setSpeaking(true);
    ends.speechResumed();
    timers.advance(3000);
    expect(turns).toEqual([]);
    setSpeaking(false);
    ends.utteranceEnded('five five five, one two three four.');
    expect(turns).toEqual(['My number is five five five, one two three four.']);
    // Alone, an unfinished sentence ends the turn after 1,500 ms (the 250 ms the transcriber waited, then 1,250).
    ends.utteranceEnded('My number is');
    timers.advance(1249);
    expect(turns).toHaveLength(1);
    timers.advance(1);
    expect(turns.at(-1)).toBe('My number is');
  });

  it('ai: a held turn waits while the caller is still speaking, and clear() forgets it', () => {
    const { ends, turns, timers, setSpeaking } = setup('ai');
    ends.utteranceEnded('I want the large one');
    setSpeaking(true);
    timers.advance(1000);
    expect(turns).toEqual([]);
    setSpeaking(false);
    timers.advance(100);
    expect(turns).toEqual(['I want the large one']);
    ends.utteranceEnded('and the');
    ends.clear();
    timers.advance(10_000);
    expect(turns).toEqual(['I want the large one']);
  });
});
