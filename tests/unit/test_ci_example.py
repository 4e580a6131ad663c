"""The CI example for GitHub Actions (.github/workflows/tests.yml, docs/testing.md) is a
workflow GitHub accepts (SchemaStore's schema, which check-jsonschema ships) and runs what
the project's own CI runs, and the smoke tests against a deployed site."""

from __future__ import annotations

from pathlib import Path

import yaml
from check_jsonschema import main as check_jsonschema
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "tests.yml"


def test_the_workflow_is_valid_for_github_actions():
    result = CliRunner().invoke(
        check_jsonschema,
        ["--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output


def test_it_runs_make_test_on_a_push_and_the_smoke_tests_against_a_given_site():
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    runs = {
        name: [step.get("run", "") for step in job["steps"]]
        for name, job in workflow["jobs"].items()
    }
    assert "bash .ci/run" in runs["test"]
    assert any(run.startswith("make smoke SITE_URL=") for run in runs["smoke"])
    # PyYAML reads the key `on` as True (YAML 1.1).
    assert {"push", "workflow_dispatch"} <= set(workflow[True])
    assert "site_url" in workflow[True]["workflow_dispatch"]["inputs"]
