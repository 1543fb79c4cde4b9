import { describe, expect, it } from 'vitest';
import { sectionTitle } from './Header.tsx';

describe('header title', () => {
  it("says 'Profile' on the signed-in user's own page (any case), 'User' on others", () => {
    expect(sectionTitle('/user/ada', 'Ada')).toBe('Profile');
    expect(sectionTitle('/user/ADA', 'Ada')).toBe('Profile');
    expect(sectionTitle('/user/bob', 'Ada')).toBe('User');
    expect(sectionTitle('/user/ada')).toBe('User');
    expect(sectionTitle('/create')).toBe('Create');
  });
});
