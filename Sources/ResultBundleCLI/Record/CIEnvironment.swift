import ResultModel

/// Recognises the CI service a run happens on from its environment variables and extracts the commit, branch,
/// job URL and other context as tags (`ci.provider`, `vcs.commit`, `vcs.branch`, `ci.jobURL`, ...).
enum CIEnvironment {
    /// The tags for the given environment (normally `ProcessInfo.processInfo.environment`).
    /// Returns an empty array when no CI service is recognised.
    static func tags(from environment: [String: String]) -> [NameValue] {
        var tags: [NameValue] = []
        func add(_ name: String, _ variable: String) {
            if let value = environment[variable], !value.isEmpty { tags.append(NameValue(name: name, value: value)) }
        }
        if environment["GITHUB_ACTIONS"] == "true" {
            tags.append(NameValue(name: "ci.provider", value: "github-actions"))
            add("vcs.commit", "GITHUB_SHA")
            add("vcs.branch", "GITHUB_REF_NAME")
            add("vcs.repository", "GITHUB_REPOSITORY")
            add("ci.workflow", "GITHUB_WORKFLOW")
            add("ci.job", "GITHUB_JOB")
            add("ci.runNumber", "GITHUB_RUN_NUMBER")
            if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
                let run = environment["GITHUB_RUN_ID"]
            {
                tags.append(NameValue(name: "ci.jobURL", value: "\(server)/\(repository)/actions/runs/\(run)"))
            }
        } else if environment["GITLAB_CI"] == "true" {
            tags.append(NameValue(name: "ci.provider", value: "gitlab"))
            add("vcs.commit", "CI_COMMIT_SHA")
            add("vcs.branch", "CI_COMMIT_REF_NAME")
            add("vcs.repository", "CI_PROJECT_PATH")
            add("ci.job", "CI_JOB_NAME")
            add("ci.pipelineID", "CI_PIPELINE_ID")
            add("ci.jobURL", "CI_JOB_URL")
        } else if environment["BUILDKITE"] == "true" {
            tags.append(NameValue(name: "ci.provider", value: "buildkite"))
            add("vcs.commit", "BUILDKITE_COMMIT")
            add("vcs.branch", "BUILDKITE_BRANCH")
            add("vcs.repository", "BUILDKITE_REPO")
            add("ci.job", "BUILDKITE_LABEL")
            add("ci.runNumber", "BUILDKITE_BUILD_NUMBER")
            add("ci.jobURL", "BUILDKITE_BUILD_URL")
        } else if environment["CIRCLECI"] == "true" {
            tags.append(NameValue(name: "ci.provider", value: "circleci"))
            add("vcs.commit", "CIRCLE_SHA1")
            add("vcs.branch", "CIRCLE_BRANCH")
            add("ci.job", "CIRCLE_JOB")
            add("ci.jobURL", "CIRCLE_BUILD_URL")
        } else if environment["TF_BUILD"] == "True" {
            tags.append(NameValue(name: "ci.provider", value: "azure-pipelines"))
            add("vcs.commit", "BUILD_SOURCEVERSION")
            add("vcs.branch", "BUILD_SOURCEBRANCHNAME")
            add("ci.runNumber", "BUILD_BUILDNUMBER")
        } else if environment["JENKINS_URL"] != nil {
            tags.append(NameValue(name: "ci.provider", value: "jenkins"))
            add("vcs.commit", "GIT_COMMIT")
            add("vcs.branch", "GIT_BRANCH")
            add("ci.job", "JOB_NAME")
            add("ci.runNumber", "BUILD_NUMBER")
            add("ci.jobURL", "BUILD_URL")
        } else if environment["CI"] == "true" || environment["CI"] == "1" {
            tags.append(NameValue(name: "ci.provider", value: "generic"))
        }
        return tags
    }
}
