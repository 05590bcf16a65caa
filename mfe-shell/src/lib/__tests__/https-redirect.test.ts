import { httpsUrlFor } from '../https-redirect';

const at = (href: string) => {
  const url = new URL(href);
  return { href: url.href, protocol: url.protocol, hostname: url.hostname };
};

describe('httpsUrlFor', () => {
  it('sends an http page to the same address over https', () => {
    expect(httpsUrlFor(at('http://healthlink.example/about?x=1#top'))).toBe('https://healthlink.example/about?x=1#top');
  });

  it.each(['https://healthlink.example/', 'http://localhost:8080/', 'http://127.0.0.1:8080/app/dashboard'])('leaves %s alone', (href) => {
    expect(httpsUrlFor(at(href))).toBeNull();
  });
});
