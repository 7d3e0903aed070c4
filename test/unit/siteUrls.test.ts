import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageImageHosts, urlOnHosts } from '../../core/page/siteUrls.ts';
import { listedHosts, settingProblem } from '../../core/settings/site.ts';

const DOMAINS = ['news.example', 'localhost', '::1'];

describe('site urls', () => {
  it("keeps an http(s) address whose host is one of the site's, exactly, on any port", () => {
    assert.equal(urlOnHosts('https://NEWS.example./a?b=1', DOMAINS), 'https://news.example./a?b=1');
    assert.equal(urlOnHosts('http://localhost:8080/x', DOMAINS), 'http://localhost:8080/x');
    assert.equal(urlOnHosts('http://[::1]:3000/', DOMAINS), 'http://[::1]:3000/');
    for (const off of ['https://www.news.example/a', 'https://news.example.evil.example/', 'https://evil.example/?news.example', 'https://news.example@evil.example/',
      'https://user:pw@news.example/', 'javascript:alert(1)//news.example', 'ftp://news.example/a', '/relative', '', null, undefined]) {
      assert.equal(urlOnHosts(off, DOMAINS), null, String(off));
    }
  });

  it('a picture may also be on a host in page_image_hosts', () => {
    const hosts = pageImageHosts(DOMAINS, { page_image_hosts: ' CDN.example ,img.example' });
    assert.equal(urlOnHosts('https://cdn.example/a.jpg', hosts), 'https://cdn.example/a.jpg');
    assert.equal(urlOnHosts('https://cdn.example/a.jpg', pageImageHosts(DOMAINS, null)), null);
    assert.deepEqual(listedHosts(null), []);
  });

  it('page_image_hosts takes host names only', () => {
    for (const good of [null, 'cdn.example', 'cdn.example, img-1.example ,x']) assert.equal(settingProblem('page_image_hosts', good), null, String(good));
    for (const bad of ['https://cdn.example', 'cdn.example/path', 'cdn.example:443', 'a..b', ',', 'cdn.example,', 'x'.repeat(201), 7]) {
      assert.match(settingProblem('page_image_hosts', bad) ?? '', /host names/, String(bad));
    }
  });
});
