/// Everything the GitHub feature asks of GitHub: lists and single repositories.
public typealias GitHubClientProtocol = GithubAPIClientProtocol & RepositoryDetailClientProtocol
