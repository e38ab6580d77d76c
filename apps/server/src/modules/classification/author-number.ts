import { pinyin } from 'pinyin-pro';

/**
 * Author number (著者号) by pinyin initials — a simple, deterministic scheme, documented in README.md:
 * 1. Take the first author: text before the first separator (, ， 、 ; ；/ and 'and'/'&'), without
 *    bracketed nationality or dynasty ([清] (英) 〔美〕) and without a trailing role word (著, 编著, 主编,
 *    译, 编, 撰, 绘, 等).
 * 2. Chinese name: the upper-case pinyin initials of its first three characters (曹雪芹 → CXQ,
 *    鲁迅 → LX, 欧阳修 → OYX; polyphonic surnames read as surnames: 单田芳 → STF).
 * 3. Other names: the surname — the part before a comma ('Austen, Jane') or else the last word
 *    ('Jane Austen') — as its first letter upper case and the next two letters lower case (Aus);
 *    accents are dropped (Gödel → God).
 * Empty when no name is left.
 */
export function authorNumber(author: string | null | undefined): string {
  if (!author) return '';
  let name = author
    .normalize('NFKC')
    .replace(/[[(（〔【][^\])）〕】]*[\])）〕】]/g, ' ')
    .trim();
  const latinComma = /^[A-Za-z\u00C0-\u024F' .-]+,\s*[A-Za-z]/.test(name);
  if (!latinComma) name = name.split(/[,，、;；/&]|\sand\s/)[0];
  else name = name.split(/[;；/&]/)[0];
  name = name.replace(/(编著|主编|原著|改编|著|编|译|撰|绘|等)+\s*$/u, '').trim();
  const han = name.replace(/[^\p{Script=Han}]/gu, '');
  if (han) {
    const initials = pinyin([...han].slice(0, 3).join(''), {
      pattern: 'first',
      toneType: 'none',
      type: 'array',
      surname: 'head',
    });
    return initials.join('').toUpperCase();
  }
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const surname = latinComma ? plain.split(',')[0] : (plain.trim().split(/\s+/).pop() ?? '');
  const letters = surname.replace(/[^A-Za-z]/g, '');
  return letters ? letters[0].toUpperCase() + letters.slice(1, 3).toLowerCase() : '';
}
