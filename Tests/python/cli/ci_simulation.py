"""Runs the CI recipes of docs/ci/ the way their CI systems would, on this machine: every shell step for real, in
job order, with the CI's variables faked, and the CI's own services (checkout, caches, artifacts, stashes, JUnit
and Pages publishing) done by small stand-ins that keep files where the real ones would. Anything a recipe uses
that a stand-in does not know fails the run: a recipe cannot pass by being skipped.

Every job runs in the example package's own folder, reset before each job to what it held before (its `.build`
kept, so the package is built once): a job sees only the sources and what it fetches from artifacts, caches and
stashes."""
import fnmatch
import glob
import itertools
import os
import pathlib
import re
import shutil
import subprocess

import yaml


class RecipeError(AssertionError):
    """A recipe does something the stand-ins cannot do, or a step failed where it must not."""


class Workspace:
    """The folder jobs run in: the example package where it is (it depends on this repository by a relative path,
    and building it once is most of the time these tests take). `reset` removes what the jobs added since the
    workspace was opened (anything present then, untracked files included, stays), keeping `.build`."""

    def __init__(self, path):
        self.path = pathlib.Path(path)
        self.original = set(self.walk())

    def walk(self):
        for folder, folders, files in os.walk(self.path):
            folders[:] = [name for name in folders if not (folder == str(self.path) and name == ".build")]
            for name in folders + files:
                yield os.path.relpath(os.path.join(folder, name), self.path)

    def reset(self):
        for relative in sorted(set(self.walk()) - self.original, key=lambda p: -p.count(os.sep)):
            target = self.path / relative
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target, ignore_errors=True)
            elif target.exists() or target.is_symlink():
                target.unlink()


def copy_matches(patterns, source, target):
    """Copies what `patterns` (globs, relative to `source`) match into `target`, keeping relative paths."""
    found = []
    for pattern in patterns:
        for match in glob.glob(str(source / pattern)):
            relative = pathlib.Path(match).relative_to(source)
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            if pathlib.Path(match).is_dir():
                shutil.copytree(match, destination, dirs_exist_ok=True)
            else:
                shutil.copy2(match, destination)
            found.append(str(relative))
    return found


def run_shell(script, cwd, env, log, shell=("bash", "-eo", "pipefail")):
    """Runs `script`; returns its exit status. Output goes to `log` (a list of strings)."""
    result = subprocess.run([*shell, "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=1800)
    log.append(f"$ {script.strip()}\n{result.stdout}{result.stderr}")
    return result.returncode


class Pipeline:
    """What the stand-ins of one CI system share across the jobs and pipelines of a test."""

    def __init__(self, workspace, base_env, tool_dir, store):
        self.workspace, self.base_env, self.tool_dir = workspace, dict(base_env), tool_dir
        self.store = pathlib.Path(store)
        self.store.mkdir(parents=True, exist_ok=True)
        self.log = []
        self.published = {}

    def save(self, kind, name, patterns, cwd=None):
        target = self.store / kind / name
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        return copy_matches(patterns, cwd or self.workspace.path, target)

    def restore(self, kind, name, cwd=None):
        source = self.store / kind / name
        if not source.exists():
            return False
        shutil.copytree(source, cwd or self.workspace.path, dirs_exist_ok=True)
        return True

    def names(self, kind):
        folder = self.store / kind
        return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


class GitHubActions(Pipeline):
    """Runs a workflow's jobs (matrix expanded, `needs` in order) for one event."""

    def run(self, workflow_path, ref, run_id, variables):
        workflow = yaml.safe_load(pathlib.Path(workflow_path).read_text())
        self.outcomes = {}
        for name, job in self.ordered(workflow["jobs"]):
            needs = job.get("needs", [])
            needs = [needs] if isinstance(needs, str) else needs
            needs_ok = all(self.outcomes.get(need) == "success" for need in needs)
            context = {"github": {"ref": ref, "run_id": str(run_id), "sha": "a1b2c3d4e5f6a7b8c9d0",
                                  "event_name": "push" if ref.startswith("refs/heads/") else "pull_request"},
                       "vars": variables, "env": {**workflow.get("env", {})}}
            if not self.condition(job.get("if", "success()"), context, needs_ok):
                self.outcomes[name] = "skipped"
                continue
            matrix = job.get("strategy", {}).get("matrix", {})
            combinations = [dict(zip(matrix, values)) for values in itertools.product(*matrix.values())] or [{}]
            results = [self.run_job(job, {**context, "matrix": combination}) for combination in combinations]
            self.outcomes[name] = "success" if all(results) else "failure"
        return self.outcomes

    @staticmethod
    def ordered(jobs):
        done, order = set(), []
        while len(order) < len(jobs):
            progressed = False
            for name, job in jobs.items():
                needs = job.get("needs", [])
                needs = [needs] if isinstance(needs, str) else needs
                if name not in done and all(need in done for need in needs):
                    done.add(name)
                    order.append((name, job))
                    progressed = True
            if not progressed:
                raise RecipeError("jobs with circular needs")
        return order

    def lookup(self, path, context):
        value = context
        for part in path.split("."):
            if not isinstance(value, dict) or part not in value:
                # The event's payload is not simulated: a property it lacks is empty, as GitHub makes a missing one.
                if path.startswith("github.event."):
                    return ""
                raise RecipeError(f"the stand-in has no value for `{path}`")
            value = value[part]
        return value

    def expand(self, text, context):
        return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", lambda m: str(self.lookup(m.group(1), context)), str(text))

    def condition(self, expression, context, ok):
        expression = re.sub(r"^\$\{\{\s*|\s*\}\}$", "", str(expression).strip())
        if not re.search(r"\b(always|success|failure|cancelled)\(\)", expression):
            expression = f"success() && ({expression})"  # as GitHub does: no status function means success()
        python = expression.replace("&&", " and ").replace("||", " or ")
        python = re.sub(r"!(?!=)", " not ", python)
        python = re.sub(r"\b(always|success|failure|cancelled)\(\)",
                        lambda m: {"always": "True", "success": str(ok), "failure": str(not ok),
                                   "cancelled": "False"}[m.group(1)], python)
        python = re.sub(r"\b(github|vars|env|matrix)(\.[A-Za-z_][\w-]*)+",
                        lambda m: repr(self.lookup(m.group(0), context)), python)
        try:
            return bool(eval(python, {"__builtins__": {}}, {}))
        except Exception as error:  # noqa: BLE001 - the message names the expression
            raise RecipeError(f"cannot evaluate `if: {expression}`: {error}")

    def run_job(self, job, context):
        self.workspace.reset()
        temp = self.store.parent / "runner"
        shutil.rmtree(temp, ignore_errors=True)
        temp.mkdir()
        files = {name: temp / name for name in ("summary.md", "path", "output", "env")}
        for file in files.values():
            file.touch()
        ok = True
        paths = [str(self.tool_dir)]
        for step in job["steps"]:
            if not self.condition(step.get("if", "success()"), context, ok):
                continue
            if "uses" in step:
                ok = self.use(step, context) and ok
                continue
            env = {**self.base_env, **{k: self.expand(v, context) for k, v in context["env"].items()},
                   **{k: self.expand(v, context) for k, v in step.get("env", {}).items()},
                   "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_REF": context["github"]["ref"],
                   "GITHUB_SHA": context["github"]["sha"], "GITHUB_RUN_ID": context["github"]["run_id"],
                   "GITHUB_WORKSPACE": str(self.workspace.path), "GITHUB_STEP_SUMMARY": str(files["summary.md"]),
                   "GITHUB_PATH": str(files["path"]), "GITHUB_OUTPUT": str(files["output"]),
                   "GITHUB_ENV": str(files["env"]), "RUNNER_TEMP": str(temp)}
            env["PATH"] = ":".join(paths[::-1] + [self.base_env["PATH"]])
            status = run_shell(self.expand(step["run"], context), self.workspace.path, env, self.log)
            paths += [line for line in files["path"].read_text().splitlines() if line and line not in paths]
            ok = ok and status == 0
        self.published.setdefault("summaries", []).append(files["summary.md"].read_text())
        return ok

    def use(self, step, context):
        action = step["uses"].split("@")[0]
        options = {k: self.expand(v, context) for k, v in step.get("with", {}).items()}
        if action == "actions/checkout":
            return True  # the workspace holds the sources already
        if action in ("actions/cache/restore", "actions/cache/save"):
            key = options["key"]
            if action.endswith("save"):
                return bool(self.save("cache", key, options["path"].split())) or True
            if self.restore("cache", key):
                return True
            prefixes = [p for p in options.get("restore-keys", "").split("\n") if p.strip()]
            for prefix in prefixes:
                matches = [name for name in self.names("cache") if name.startswith(prefix.strip())]
                if matches:
                    return self.restore("cache", matches[-1])  # the newest (run ids grow)
            return True
        if action == "actions/upload-artifact":
            found = self.save("artifacts", options["name"], [p for p in options["path"].split("\n") if p.strip()])
            if not found and options.get("if-no-files-found") == "error":
                raise RecipeError(f"artifact {options['name']}: no files")
            return True
        if action == "actions/download-artifact":
            pattern = options.get("pattern") or options["name"]
            names = [name for name in self.names("artifacts") if fnmatch.fnmatch(name, pattern)]
            if not names:
                raise RecipeError(f"no artifact matches {pattern}")
            for name in names:
                self.restore("artifacts", name)
            return True
        if action == "actions/upload-pages-artifact":
            self.published["pages"] = self.save("pages", "site", ["*"], cwd=self.workspace.path / options["path"])
            return True
        if action == "actions/deploy-pages":
            if "pages" not in self.published:
                raise RecipeError("deploy-pages without a pages artifact")
            return True
        raise RecipeError(f"the stand-ins do not know the action {action}")


class GitLabCI(Pipeline):
    """Runs a `.gitlab-ci.yml`'s jobs stage by stage for one branch or merge request."""

    RESERVED = {"stages", "variables", "default", "workflow", "include", "image", "services", "cache",
                "before_script", "after_script"}

    def run(self, path, branch, variables, merge_request=None):
        config = yaml.safe_load(pathlib.Path(path).read_text())
        jobs = {name: job for name, job in config.items() if name not in self.RESERVED and not name.startswith(".")}
        self.outcomes = {}
        env_base = {**{k: str(v) for k, v in config.get("variables", {}).items()}, **variables,
                    "CI": "true", "GITLAB_CI": "true", "CI_COMMIT_SHA": "a1b2c3d4e5f6a7b8c9d0",
                    "CI_COMMIT_SHORT_SHA": "a1b2c3d4", "CI_DEFAULT_BRANCH": "main", "CI_PROJECT_ID": "7",
                    "CI_API_V4_URL": "http://gitlab.invalid/api/v4"}
        if merge_request:
            env_base["CI_MERGE_REQUEST_IID"] = str(merge_request)
        else:
            env_base["CI_COMMIT_BRANCH"] = branch
        env_base["CI_COMMIT_REF_NAME"] = branch
        for stage in config["stages"]:
            for name, job in jobs.items():
                if job.get("stage", "test") != stage or not self.included(job, env_base):
                    continue
                # With `needs`, only the needed jobs count; otherwise every job of the earlier stages.
                needed = job.get("needs")
                earlier = [self.outcomes.get(n) for n in needed] if needed is not None else self.outcomes.values()
                failed_before = any(outcome == "failed" for outcome in earlier)
                when = job.get("when", "on_success")
                if (when == "on_success" and failed_before) or (when == "on_failure" and not failed_before):
                    self.outcomes[name] = "skipped"
                    continue
                count = int(job.get("parallel", 1))
                results = []
                for index in range(1, count + 1):
                    env = dict(env_base)
                    if count > 1:
                        env.update(CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(count))
                    results.append(self.run_job(name, job, config, env, suffix=f" {index} of {count}" if count > 1
                                                else ""))
                self.outcomes[name] = "success" if all(results) else "failed"
        return self.outcomes

    def included(self, job, env):
        for rule in job.get("rules", [{"when": "on_success"}]):
            condition = rule.get("if")
            if condition is None:
                return rule.get("when", "on_success") != "never"
            left, operator, right = re.fullmatch(r"\s*(\S+)\s*(==|!=)\s*(\S+)\s*", condition).groups()
            value = lambda token: env.get(token[1:], "") if token.startswith("$") else token.strip("\"'")
            if (value(left) == value(right)) == (operator == "=="):
                return rule.get("when", "on_success") != "never"
        return False

    def run_job(self, name, job, config, env, suffix):
        self.workspace.reset()
        needs = job.get("needs")
        sources = needs if needs is not None else [n for n in self.outcomes]
        for need in sources:
            for stored in self.names("artifacts"):
                if stored == need or stored.startswith(need + " "):
                    self.restore("artifacts", stored)
        caches = job.get("cache", config.get("default", {}).get("cache", []))
        caches = [caches] if isinstance(caches, dict) else caches
        for cache in caches:
            if cache.get("policy", "pull-push") in ("pull", "pull-push"):
                self.restore("cache", cache["key"])
        default = config.get("default", {})
        lines = (job.get("before_script", default.get("before_script", [])) + job.get("script", []))
        flat = []
        for line in lines:
            flat += line if isinstance(line, list) else [line]
        for key, value in job.get("variables", {}).items():
            env[key] = str(value)
        env = {**self.base_env, **env}
        env["PATH"] = f"{self.tool_dir}:{self.base_env['PATH']}"
        status = run_shell("\n".join(flat), self.workspace.path, env, self.log)
        ok = status == 0
        artifacts = job.get("artifacts", {})
        if artifacts and (ok or artifacts.get("when") in ("always", "on_failure")):
            self.save("artifacts", name + suffix, artifacts.get("paths", []))
            for kind, report in artifacts.get("reports", {}).items():
                # `coverage_report` names its file in a mapping, with its format.
                report = report["path"] if isinstance(report, dict) else report
                report_path = self.workspace.path / report
                if not report_path.exists():
                    raise RecipeError(f"{name}: the {kind} report {report} was not written")
                self.published.setdefault(kind, []).append(report_path.read_text())
        for cache in caches:
            if ok and cache.get("policy", "pull-push") in ("push", "pull-push"):
                self.save("cache", cache["key"], cache["paths"])
        if name == "pages" and ok:
            self.published["pages"] = (self.workspace.path / "public" / "index.html").exists()
        return ok


class Jenkins(Pipeline):
    """Runs the declarative Jenkinsfile subset docs/ci/Jenkinsfile uses: a matrix stage of `sh`, `copyArtifacts`
    and `stash` steps, then a stage of `unstash`, `copyArtifacts` and `sh` steps with `junit`, `recordCoverage`,
    `publishHTML` and `archiveArtifacts` in its `post`. Any other step fails the run."""

    STEP = re.compile(r"sh\s+'''(?P<sh>.*?)'''|(?P<call>(?:copyArtifacts|stash|unstash|junit|publishHTML|"
                      r"archiveArtifacts|recordCoverage)\b[^\n]*)", re.S)

    def steps(self, block):
        found = []
        for match in self.STEP.finditer(block):
            found.append(("sh", match.group("sh")) if match.group("sh") is not None else ("call", match.group("call")))
        stripped = self.STEP.sub("", block)
        for line in stripped.splitlines():
            line = line.strip()
            if line and not line.startswith("//") and not re.fullmatch(
                    r"[{}]|steps \{|post \{|always \{|stage\('[^']*'\) \{|stages \{|matrix \{|axes \{|axis \{|"
                    r"name '\w+'|values .*|\}+", line):
                raise RecipeError(f"the Jenkins stand-in does not know: {line}")
        return found

    def run(self, path, branch, build_number, environment):
        text = pathlib.Path(path).read_text()
        test_block = text[text.index("stage('Test')"):text.index("stage('Report')")]
        report_block = text[text.index("stage('Report')"):]
        shards = re.search(r"values\s+(.+)", test_block).group(1)
        shards = re.findall(r"'([^']*)'", shards)
        axis = re.search(r"name\s+'(\w+)'", test_block).group(1)
        pipeline_env = dict(re.findall(r"(\w+)\s*=\s*'([^']*)'", text[text.index("environment"):
                                                                      text.index("stages")]))
        env = {**self.base_env, **pipeline_env, **environment, "BRANCH_NAME": branch,
               "BUILD_NUMBER": str(build_number), "JOB_NAME": "tests", "HOME": environment.get("HOME", "")}
        env["PATH"] = f"{env['HOME']}/.local/bin:{self.tool_dir}:{self.base_env['PATH']}"
        self.outcomes = {}
        body = test_block[test_block.index("stages {", test_block.index("matrix")):]
        for value in shards:
            self.workspace.reset()
            ok = self.run_steps(self.steps(body), {**env, axis: value})
            self.outcomes[f"Shard {value}"] = ok
        self.workspace.reset()
        post = report_block.index("post {")
        ok = self.run_steps(self.steps(report_block[:post]), env)
        self.run_steps(self.steps(report_block[post:]), env)
        self.outcomes["Report"] = ok
        return self.outcomes

    def run_steps(self, steps, env):
        ok = True
        for kind, text in steps:
            if kind == "sh":
                ok = run_shell(text, self.workspace.path, env, self.log, shell=("sh", "-xe")) == 0 and ok
                continue
            expanded = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], text)
            name = expanded.split("(")[0].split()[0]
            if name == "stash":
                stash, includes = re.search(r'name:\s*"([^"]+)",\s*includes:\s*"([^"]+)"', expanded).groups()
                if not self.save("stash", stash, includes.split(",")) and "allowEmpty: true" not in expanded:
                    raise RecipeError(f"stash {stash}: nothing matches {includes}")
            elif name == "unstash":
                stash = re.search(r"'([^']+)'", expanded).group(1)
                if not self.restore("stash", stash):
                    raise RecipeError(f"unstash {stash}: no such stash")
            elif name == "copyArtifacts":
                wanted = re.search(r"filter:\s*'([^']+)'", expanded).group(1)
                copy_matches([wanted], self.store / "archive", self.workspace.path)
            elif name == "junit":
                results = re.search(r"testResults:\s*'([^']+)'", expanded).group(1)
                if not (self.workspace.path / results).exists():
                    raise RecipeError(f"junit: {results} was not written")
                self.published.setdefault("junit", []).append((self.workspace.path / results).read_text())
            elif name == "recordCoverage":
                pattern = re.search(r"pattern:\s*'([^']+)'", expanded).group(1)
                if not (self.workspace.path / pattern).exists():
                    raise RecipeError(f"recordCoverage: {pattern} was not written")
                self.published.setdefault("coverage", []).append((self.workspace.path / pattern).read_text())
            elif name == "publishHTML":
                folder = re.search(r"reportDir:\s*'([^']+)'", expanded).group(1)
                index = re.search(r"reportFiles:\s*'([^']+)'", expanded).group(1)
                if not (self.workspace.path / folder / index).exists():
                    raise RecipeError(f"publishHTML: {folder}/{index} was not written")
                self.published["html"] = True
            elif name == "archiveArtifacts":
                patterns = re.search(r"artifacts:\s*'([^']+)'", expanded).group(1)
                archive = self.store / "archive"
                archive.mkdir(parents=True, exist_ok=True)
                copy_matches([p.strip() for p in patterns.split(",")], self.workspace.path, archive)
        return ok
