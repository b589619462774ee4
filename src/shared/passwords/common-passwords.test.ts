import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';

describe('COMMON_PASSWORDS', () => {
  it('holds thousands of entries, all lower-case and trimmed', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(5_000);
    const offenders = [...COMMON_PASSWORDS].filter((word) => word !== word.toLowerCase() || word !== word.trim() || word === '');
    expect(offenders).toEqual([]);
  });

  it.each([
    // Famous leaks.
    '123456', 'password', 'qwerty', '12345678', 'iloveyou', 'admin', 'welcome', 'letmein', 'monkey', 'dragon',
    'football', 'abc123', '1q2w3e4r', 'passw0rd', 'trustno1', 'sunshine', 'princess',
    // Brazilian Portuguese.
    'senha', 'senha123', 'mudar123', 'brasil', 'flamengo', 'corinthians', 'palmeiras', 'saopaulo', 'gremio', 'vasco',
    'santos', 'mesa', 'amor', 'teamo', '102030',
    // Spanish.
    'contraseña', 'contrasena', 'hola123', 'futbol', 'boca', 'river', 'tequiero',
    // Generated patterns.
    'qwertyui', 'asdfghjk', '11111111', '00000000', '999999999999', '12341234', '123123123', 'hahahaha',
    '23456789', '0987654321', '1q2w3e4r5t', 'password2024', 'qwerty123!', 'senha@2025', '1987',
  ])('has %j', (word) => {
    expect(COMMON_PASSWORDS.has(word)).toBe(true);
  });

  it.each(['87293641', 'tr0ub4dor&3', 'xk9#mlq2vr', 'maria.silva2024'])('lacks %j', (word) => {
    expect(COMMON_PASSWORDS.has(word)).toBe(false);
  });
});
