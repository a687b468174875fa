"""A template that names a field its view model does not provide, or a view-model field missing from the name
lookup that templates read through (PageModels+TemplateFields.swift, generated from the models), renders nothing,
silently. These checks read the templates and the Swift sources, so such a slip fails here instead. Each page
template's root model is found from the models themselves (`static let template = "…"` of a `PageModel`), so a new
page is checked without a change here."""
import importlib.util
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
MODELS = ROOT / "Sources" / "HTMLReport" / "Models" / "PageModels.swift"
FIELDS = ROOT / "Sources" / "HTMLReport" / "Models" / "PageModels+TemplateFields.swift"
TEMPLATES = ROOT / "Templates"
GENERATOR = ROOT / "scripts" / "generate-template-fields.py"


def page_roots(source=None):
    """{template name: the PageModel struct that is its root}, as the models declare them."""
    source = source if source is not None else MODELS.read_text()
    roots = {}
    for match in re.finditer(r"^struct (\w+): PageModel \{\n(.*?)^\}", source, re.S | re.M):
        template = re.search(r'^    static let template = "(\w+)"', match.group(2), re.M)
        assert template, f"{match.group(1)} is a PageModel without its template"
        assert template.group(1) not in roots, f"two page models draw {template.group(1)}.mustache"
        roots[template.group(1)] = match.group(1)
    return roots


ROOTS = page_roots()


def model_structs(source=None):
    """{struct name: {field: element type}} for the view models (stored `var`s at member level)."""
    source = source if source is not None else MODELS.read_text()
    structs = {}
    for match in re.finditer(r"^struct (\w+)(?:: \w+)? \{\n(.*?)^\}", source, re.S | re.M):
        fields = {}
        for field in re.finditer(r"^    var (\w+)(?::\s*([^=\n]+))?", match.group(2), re.M):
            kind = (field.group(2) or "").strip()
            fields[field.group(1)] = re.sub(r"[\[\]?]", "", kind).strip()
        structs[match.group(1)] = fields
    return structs


def lookup_names(source=None):
    """{struct name: names its `child(named:)` answers}."""
    source = source if source is not None else FIELDS.read_text()
    names = {}
    for match in re.finditer(r"^extension (\w+): MustacheParent \{\n(.*?)^\}", source, re.S | re.M):
        names[match.group(1)] = set(re.findall(r'case "(\w+)":', match.group(2)))
    return names


TAG = re.compile(r"\{\{(\{?)\s*([#^/>!&]?)\s*([^}]*?)\s*\}?\}\}")


def template_problems(name, text, structs, partials):
    """Names a template (with its partials) reads that no view model on its context stack provides."""
    return problems_in(name, text, [ROOTS.get(name)], structs, partials)


def problems_in(name, text, stack, structs, partials):
    """Walks the tags with the stack of view models the sections open; a partial is read in its includer's context."""
    stack = list(stack)
    problems = []
    for tag in TAG.finditer(text):
        sigil, field = tag.group(2), tag.group(3)
        if sigil == "!" or field == ".":
            continue
        if sigil == ">":
            problems += problems_in(field, partials[field], stack, structs, partials)
            continue
        if sigil == "/":
            stack.pop()
            continue
        kind = next((structs[model][field] for model in reversed(stack)
                     if model in structs and field in structs[model]), None)
        if kind is None:
            problems.append(f"{name}: {{{{{sigil}{field}}}}} is not a field of {', '.join(filter(None, stack))}")
        if sigil in "#^":
            stack.append(kind if kind in structs and sigil == "#" else None)
    return problems


def partial_texts():
    return {path.stem: path.read_text() for path in TEMPLATES.glob("*.mustache")}


@pytest.mark.parametrize("template", sorted(ROOTS))
def test_every_name_a_template_reads_is_a_view_model_field(template):
    texts = partial_texts()
    assert template_problems(template, texts[template], model_structs(), texts) == []


def generator():
    spec = importlib.util.spec_from_file_location("generate_template_fields", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_view_model_field_is_in_the_name_lookup_and_nothing_else_is():
    structs = model_structs()
    names = lookup_names()
    assert set(names) == set(structs)
    for model, fields in structs.items():
        assert names[model] == set(fields), model


def test_the_name_lookup_is_what_the_generator_makes_of_the_models():
    assert generator().main(["--check"]) == 0, "run scripts/generate-template-fields.py"


def test_a_field_added_to_a_model_makes_the_lookup_stale():
    source = MODELS.read_text().replace("    var verdictClass: String\n", "    var verdictClass: String\n    var extra: Int\n", 1)
    assert generator().lookup_source(source) != FIELDS.read_text()
    assert "extra" in lookup_names(generator().lookup_source(source))["PerformanceModel"]


def test_every_template_is_a_page_or_a_partial_of_one():
    texts = partial_texts()
    partials = {name for text in texts.values() for name in re.findall(r"\{\{>\s*(\w+)\s*\}\}", text)}
    assert set(texts) - partials == set(ROOTS)


def test_a_page_model_without_its_template_is_caught():
    source = MODELS.read_text().replace('    static let template = "matrix"\n', "", 1)
    with pytest.raises(AssertionError, match="MatrixPageModel"):
        page_roots(source)


def test_a_template_naming_a_missing_field_is_caught():
    texts = partial_texts()
    broken = texts["test"].replace("{{duration}}", "{{durationText}}", 1)
    problems = template_problems("test", broken, model_structs(), texts)
    assert any("durationText" in problem for problem in problems)


def test_a_field_left_out_of_the_lookup_is_caught():
    source = FIELDS.read_text().replace('        case "verdictClass": self.verdictClass\n', "", 1)
    names = lookup_names(source)
    structs = model_structs()
    assert any(names[model] != set(structs[model]) for model in names)
