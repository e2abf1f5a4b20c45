#!/usr/bin/env python3
"""Builds Fixtures/github/users/*/repos.json from the recorded GitHub payloads in
Tests/GitHubRepositoriesTests/Recorded (their sources: SOURCES.md there).

Run from the repository root: python3 Scripts/make-fixtures.py [RECORDED_DIR]
Bodies are kept as GitHub sent them (every field); only the synthetic user "many-repos-org" is derived,
by renaming real repository objects and giving them new ids and star counts.
"""
import copy
import json
import os
import sys

real = sys.argv[1] if len(sys.argv) > 1 else os.path.join("Tests", "GitHubRepositoriesTests", "Recorded")
out = os.path.join("Fixtures", "github", "users")


def load(name):
    with open(os.path.join(real, name), encoding="utf-8") as f:
        return json.load(f)


def write(user, repos):
    os.makedirs(os.path.join(out, user), exist_ok=True)
    with open(os.path.join(out, user, "repos.json"), "w", encoding="utf-8") as f:
        json.dump(repos, f, indent=2, ensure_ascii=False)
        f.write("\n")


# kohsuke: pages 1 and 2 of GET /users/kohsuke/repos?per_page=30 (2019), merged as `record` would.
kohsuke = load("hub4j-users-kohsuke-repos-per_page30-page1.json") + load("hub4j-user-50003-repos-per_page30-page2.json")
write("kohsuke", kohsuke)

# nerdishbynature: GET /users/nerdishbynature/repos?per_page=100 (2026), 42 repositories.
write("nerdishbynature", load("octokitswift-users-nerdishbynature-repos-per_page100.json"))

# jacquev6: 10 repositories, none with 50 stars: the "no major repository" case.
write("jacquev6", load("pygithub-users-jacquev6-repos-type_owner-sort_created-direction_asc.json"))

# many-repos-org: 150 repositories (more than one page of 100), real objects renamed.
owner = "many-repos-org"
many = []
for i in range(150):
    repo = copy.deepcopy(kohsuke[i % len(kohsuke)])
    old_full = repo["full_name"]
    name = "project-%03d" % (i + 1)
    full = "%s/%s" % (owner, name)
    text = json.dumps(repo).replace(old_full, full).replace('"login": "kohsuke"', '"login": "%s"' % owner)
    text = text.replace("/users/kohsuke", "/users/" + owner).replace("github.com/kohsuke", "github.com/" + owner)
    repo = json.loads(text)
    repo["id"] = 900000000 + i
    repo["name"] = name
    repo["full_name"] = full
    repo["owner"]["id"] = 90000000
    repo["stargazers_count"] = repo["watchers_count"] = repo["watchers"] = (i * 37) % 200
    many.append(repo)
write(owner, many)
