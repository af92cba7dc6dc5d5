import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../contracts/search';
import { highlight } from './highlight';

const marked = (text: string, q: string) =>
  highlight(text, searchTerms(q))
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlight', () => {
  it('marks the matched start of each word, accents and case ignored', () => {
    expect(marked('Jürgen Müller', 'mul')).toBe('Jürgen [Mül]ler');
    expect(marked('Jurgen Muller', 'Jür mü')).toBe('[Jur]gen [Mu]ller');
    expect(marked('Noordzee Robotics B.V.', 'noord rob')).toBe('[Noord]zee [Rob]otics B.V.');
  });

  it('leaves the text whole when nothing matches', () => {
    expect(highlight('<b>Müller</b>', [])).toEqual([{ text: '<b>Müller</b>', match: false }]);
    expect(marked('<b>Müller</b>', 'xyz')).toBe('<b>Müller</b>');
    expect(marked('<b>Müller</b>', 'b')).toBe('<[b]>Müller</[b]>');
  });
});
