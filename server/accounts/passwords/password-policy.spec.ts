import { isCommonPassword, passwordProblems, PASSWORD_MESSAGES } from './password-policy';

describe('password policy', () => {
  it('accepts a long uncommon password without composition rules', () => {
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
    expect(passwordProblems('alllowercaseletters')).toEqual([]);
  });

  it('refuses fewer than 8 characters, counting characters rather than bytes', () => {
    expect(passwordProblems('abc1234')).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(passwordProblems('আমারসোনারবাংলা')).toEqual([]);
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('bangladesh123')).toBe(true);
    expect(passwordProblems('12345678')).toEqual([PASSWORD_MESSAGES.common]);
  });
});
